CREATE TABLE "dated_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"sold_to_code" text,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"price_pence" integer NOT NULL,
	CONSTRAINT "dated_prices_price_not_negative" CHECK ("dated_prices"."price_pence" >= 0),
	CONSTRAINT "dated_prices_dates_in_order" CHECK ("dated_prices"."valid_to" is null or "dated_prices"."valid_to" >= "dated_prices"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"buy_quantity" integer,
	"free_quantity" integer,
	"min_quantity" integer DEFAULT 1 NOT NULL,
	"who" text NOT NULL,
	"audience" text[] DEFAULT '{}'::text[] NOT NULL,
	"what" text NOT NULL,
	"targets" text[] NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"ended_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_code_unique" UNIQUE("code"),
	CONSTRAINT "promotions_dates_in_order" CHECK ("promotions"."valid_to" >= "promotions"."valid_from"),
	CONSTRAINT "promotions_min_quantity" CHECK ("promotions"."min_quantity" >= 1),
	CONSTRAINT "promotions_value_fits_kind" CHECK (("promotions"."kind" = 'percentOff' and "promotions"."value" between 1 and 10000) or ("promotions"."kind" in ('amountOff', 'fixedPrice') and "promotions"."value" >= 0)
        or ("promotions"."kind" = 'buyXGetY' and "promotions"."buy_quantity" >= 1 and "promotions"."free_quantity" >= 1))
);
--> statement-breakpoint
CREATE TABLE "volume_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"sold_to_code" text,
	"min_quantity" integer NOT NULL,
	"price_pence" integer NOT NULL,
	CONSTRAINT "volume_tiers_break_above_one" CHECK ("volume_tiers"."min_quantity" >= 2),
	CONSTRAINT "volume_tiers_price_not_negative" CHECK ("volume_tiers"."price_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sold_tos" ADD COLUMN "customer_group" text;--> statement-breakpoint
ALTER TABLE "dated_prices" ADD CONSTRAINT "dated_prices_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dated_prices" ADD CONSTRAINT "dated_prices_sold_to_code_sold_tos_code_fk" FOREIGN KEY ("sold_to_code") REFERENCES "public"."sold_tos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volume_tiers" ADD CONSTRAINT "volume_tiers_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volume_tiers" ADD CONSTRAINT "volume_tiers_sold_to_code_sold_tos_code_fk" FOREIGN KEY ("sold_to_code") REFERENCES "public"."sold_tos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dated_prices_product_idx" ON "dated_prices" USING btree ("product_code","valid_from");--> statement-breakpoint
CREATE INDEX "promotions_targets_idx" ON "promotions" USING gin ("targets");--> statement-breakpoint
CREATE INDEX "promotions_dates_idx" ON "promotions" USING btree ("valid_to","valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "volume_tiers_break_idx" ON "volume_tiers" USING btree ("product_code",coalesce("sold_to_code", ''),"min_quantity");