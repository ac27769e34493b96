ALTER TABLE "ship_tos" ADD COLUMN "allow_substitutes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_entries" ADD COLUMN "allow_substitute" boolean;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "allow_substitute" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "substitution" jsonb;