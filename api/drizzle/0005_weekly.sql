CREATE TABLE "par_levels" (
	"ship_to_code" text NOT NULL,
	"range" text NOT NULL,
	"product_code" text NOT NULL,
	"par_level" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "par_levels_ship_to_code_range_product_code_pk" PRIMARY KEY("ship_to_code","range","product_code")
);
--> statement-breakpoint
ALTER TABLE "par_levels" ADD CONSTRAINT "par_levels_ship_to_code_ship_tos_code_fk" FOREIGN KEY ("ship_to_code") REFERENCES "public"."ship_tos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "par_levels" ADD CONSTRAINT "par_levels_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_ship_to_recent_idx" ON "orders" USING btree ("ship_to_code","range","placed_at");