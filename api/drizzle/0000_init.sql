CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "cart_entries" (
	"cart_id" integer NOT NULL,
	"entry_number" integer NOT NULL,
	"product_code" text NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_entries_cart_id_entry_number_pk" PRIMARY KEY("cart_id","entry_number")
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"user_id" integer NOT NULL,
	"ship_to_code" text NOT NULL,
	"range" text NOT NULL,
	"status" text DEFAULT 'current' NOT NULL,
	"name" text,
	"description" text,
	"saved_at" timestamp with time zone,
	"purchase_order_number" text,
	"delivery_instructions" text,
	"requested_delivery_date" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_id" text,
	"range" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_error_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message_type" text NOT NULL,
	"message" text NOT NULL,
	"description" text,
	"url" text,
	"site" text,
	"issue_type" text,
	"user_name" text,
	"customer_id" text,
	"project_id" text,
	"remote_address" text
);
--> statement-breakpoint
CREATE TABLE "oauth_clients" (
	"id" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"confidential" boolean DEFAULT true NOT NULL,
	"grants" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"access_hash" text NOT NULL,
	"refresh_hash" text,
	"client_id" text NOT NULL,
	"user_id" integer,
	"scope" text DEFAULT 'basic' NOT NULL,
	"family" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_tokens_access_hash_unique" UNIQUE("access_hash"),
	CONSTRAINT "oauth_tokens_refresh_hash_unique" UNIQUE("refresh_hash")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"product_code" text NOT NULL,
	"name" text NOT NULL,
	"pack_size" text NOT NULL,
	"unit_price_pence" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"quantity" integer NOT NULL,
	"net_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	CONSTRAINT "order_lines_order_id_line_number_pk" PRIMARY KEY("order_id","line_number")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"user_id" integer NOT NULL,
	"ship_to_code" text NOT NULL,
	"sold_to_code" text NOT NULL,
	"range" text NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivery_date" date NOT NULL,
	"purchase_order_number" text,
	"delivery_instructions" text,
	"net_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"gross_pence" integer NOT NULL,
	"source_cart_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	CONSTRAINT "orders_code_unique" UNIQUE("code"),
	CONSTRAINT "orders_source_cart_id_unique" UNIQUE("source_cart_id")
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"sold_to_code" text NOT NULL,
	"product_code" text NOT NULL,
	"price_pence" integer NOT NULL,
	CONSTRAINT "prices_sold_to_code_product_code_pk" PRIMARY KEY("sold_to_code","product_code")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"brand" text NOT NULL,
	"range" text NOT NULL,
	"category_id" text NOT NULL,
	"pack_size" text NOT NULL,
	"pack_type" text NOT NULL,
	"sales_unit" text DEFAULT 'case' NOT NULL,
	"list_price_pence" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"storage" text NOT NULL,
	"storage_text" text NOT NULL,
	"shelf_life_days" integer NOT NULL,
	"min_order_quantity" integer DEFAULT 1 NOT NULL,
	"stock_status" text DEFAULT 'inStock' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"collections" text[] DEFAULT '{}'::text[] NOT NULL,
	"discontinued" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ship_to_ranges" (
	"ship_to_code" text NOT NULL,
	"range" text NOT NULL,
	"delivery_weekdays" smallint[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ship_to_ranges_ship_to_code_range_pk" PRIMARY KEY("ship_to_code","range")
);
--> statement-breakpoint
CREATE TABLE "ship_tos" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sold_to_code" text NOT NULL,
	"address_line1" text NOT NULL,
	"town" text NOT NULL,
	"postcode" text NOT NULL,
	"cutoff_time" text DEFAULT '14:00' NOT NULL,
	"purchase_order_required" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sold_tos" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_ship_tos" (
	"user_id" integer NOT NULL,
	"ship_to_code" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_ship_tos_user_id_ship_to_code_pk" PRIMARY KEY("user_id","ship_to_code")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"customer_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_customer_id_unique" UNIQUE("customer_id")
);
--> statement-breakpoint
ALTER TABLE "cart_entries" ADD CONSTRAINT "cart_entries_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_entries" ADD CONSTRAINT "cart_entries_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_ship_to_code_ship_tos_code_fk" FOREIGN KEY ("ship_to_code") REFERENCES "public"."ship_tos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_client_id_oauth_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."oauth_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ship_to_code_ship_tos_code_fk" FOREIGN KEY ("ship_to_code") REFERENCES "public"."ship_tos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_sold_to_code_sold_tos_code_fk" FOREIGN KEY ("sold_to_code") REFERENCES "public"."sold_tos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_cart_id_carts_id_fk" FOREIGN KEY ("source_cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_sold_to_code_sold_tos_code_fk" FOREIGN KEY ("sold_to_code") REFERENCES "public"."sold_tos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ship_to_ranges" ADD CONSTRAINT "ship_to_ranges_ship_to_code_ship_tos_code_fk" FOREIGN KEY ("ship_to_code") REFERENCES "public"."ship_tos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ship_tos" ADD CONSTRAINT "ship_tos_sold_to_code_sold_tos_code_fk" FOREIGN KEY ("sold_to_code") REFERENCES "public"."sold_tos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ship_tos" ADD CONSTRAINT "user_ship_tos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ship_tos" ADD CONSTRAINT "user_ship_tos_ship_to_code_ship_tos_code_fk" FOREIGN KEY ("ship_to_code") REFERENCES "public"."ship_tos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_entries_product_idx" ON "cart_entries" USING btree ("cart_id","product_code");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_one_current_idx" ON "carts" USING btree ("user_id","ship_to_code","range") WHERE "carts"."status" = 'current';--> statement-breakpoint
CREATE INDEX "carts_owner_status_idx" ON "carts" USING btree ("user_id","ship_to_code","range","status");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","position");--> statement-breakpoint
CREATE INDEX "oauth_tokens_family_idx" ON "oauth_tokens" USING btree ("family");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_idx" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_history_idx" ON "orders" USING btree ("user_id","ship_to_code","range","placed_at");--> statement-breakpoint
CREATE INDEX "products_range_category_idx" ON "products" USING btree ("range","category_id");