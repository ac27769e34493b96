ALTER TABLE "outbox_messages" ADD COLUMN "cause_id" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "trace_id" text;