CREATE TABLE "stock_levels" (
	"product_code" text NOT NULL,
	"delivery_date" date NOT NULL,
	"available" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_levels_product_code_delivery_date_pk" PRIMARY KEY("product_code","delivery_date"),
	CONSTRAINT "stock_levels_available_not_negative" CHECK ("stock_levels"."available" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;