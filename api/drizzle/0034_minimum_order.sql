ALTER TABLE "ship_to_ranges" ADD COLUMN "minimum_order_pence" integer;--> statement-breakpoint
ALTER TABLE "ship_to_ranges" ADD COLUMN "below_minimum" text;--> statement-breakpoint
ALTER TABLE "ship_to_ranges" ADD COLUMN "delivery_charge_pence" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_charge_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_charge_vat_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ship_to_ranges" ADD CONSTRAINT "ship_to_ranges_minimum_order_check" CHECK (("ship_to_ranges"."minimum_order_pence" is null and "ship_to_ranges"."below_minimum" is null and "ship_to_ranges"."delivery_charge_pence" is null)
        or ("ship_to_ranges"."minimum_order_pence" > 0 and "ship_to_ranges"."below_minimum" = 'refuse' and "ship_to_ranges"."delivery_charge_pence" is null)
        or ("ship_to_ranges"."minimum_order_pence" > 0 and "ship_to_ranges"."below_minimum" = 'charge' and "ship_to_ranges"."delivery_charge_pence" > 0));