CREATE SEQUENCE "public"."standing_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "standing_order_deliveries" (
	"standing_order_id" integer NOT NULL,
	"delivery_date" date NOT NULL,
	"skipped" boolean DEFAULT false NOT NULL,
	"lines" jsonb,
	"order_id" integer,
	"problem" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_order_deliveries_standing_order_id_delivery_date_pk" PRIMARY KEY("standing_order_id","delivery_date")
);
--> statement-breakpoint
CREATE TABLE "standing_order_jobs" (
	"standing_order_id" integer NOT NULL,
	"delivery_date" date NOT NULL,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"outcome" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "standing_order_jobs_standing_order_id_delivery_date_kind_pk" PRIMARY KEY("standing_order_id","delivery_date","kind")
);
--> statement-breakpoint
CREATE TABLE "standing_order_lines" (
	"standing_order_id" integer NOT NULL,
	"entry_number" integer NOT NULL,
	"product_code" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "standing_order_lines_standing_order_id_entry_number_pk" PRIMARY KEY("standing_order_id","entry_number")
);
--> statement-breakpoint
CREATE TABLE "standing_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"user_id" integer NOT NULL,
	"ship_to_code" text NOT NULL,
	"range" text NOT NULL,
	"name" text NOT NULL,
	"weekdays" smallint[] NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"active_since" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_orders_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "standing_order_deliveries" ADD CONSTRAINT "standing_order_deliveries_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_deliveries" ADD CONSTRAINT "standing_order_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_jobs" ADD CONSTRAINT "standing_order_jobs_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_lines" ADD CONSTRAINT "standing_order_lines_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_lines" ADD CONSTRAINT "standing_order_lines_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_ship_to_code_ship_tos_code_fk" FOREIGN KEY ("ship_to_code") REFERENCES "public"."ship_tos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "standing_order_jobs_due_idx" ON "standing_order_jobs" USING btree ("due_at") WHERE "standing_order_jobs"."done_at" is null;--> statement-breakpoint
CREATE INDEX "standing_orders_owner_idx" ON "standing_orders" USING btree ("user_id","ship_to_code","range");