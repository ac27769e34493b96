ALTER TABLE "standing_orders" ADD COLUMN "purchase_order_number" text;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD COLUMN "delivery_instructions" text;