ALTER TABLE "outbox_messages" RENAME COLUMN "order_code" TO "ordering_key";--> statement-breakpoint
DROP INDEX "outbox_messages_order_idx";--> statement-breakpoint
CREATE INDEX "outbox_messages_key_idx" ON "outbox_messages" USING btree ("channel","ordering_key","id") WHERE "outbox_messages"."delivered_at" is null;