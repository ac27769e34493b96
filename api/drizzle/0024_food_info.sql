CREATE TABLE "product_food_info" (
	"product_code" text PRIMARY KEY NOT NULL,
	"ingredients" text NOT NULL,
	"nutrition" jsonb,
	"country_of_origin" text,
	"recipe_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ship_to_allergen_profiles" (
	"ship_to_code" text PRIMARY KEY NOT NULL,
	"avoids" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ship_to_allergen_profiles_avoids_known" CHECK (cardinality("ship_to_allergen_profiles"."avoids") <= 14)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "allergens_contained" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "allergens_may_contain" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "allergens_free" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "dietary" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_food_info" ADD CONSTRAINT "product_food_info_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ship_to_allergen_profiles" ADD CONSTRAINT "ship_to_allergen_profiles_ship_to_code_ship_tos_code_fk" FOREIGN KEY ("ship_to_code") REFERENCES "public"."ship_tos"("code") ON DELETE no action ON UPDATE no action;