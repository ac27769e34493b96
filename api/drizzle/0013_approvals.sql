CREATE SEQUENCE "public"."approval_limit_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "approval_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"standing_order_id" integer,
	"decision" text NOT NULL,
	"comment" text,
	"user_id" integer,
	"operator_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_limits" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"sold_to_code" text NOT NULL,
	"type" text NOT NULL,
	"threshold_pence" integer NOT NULL,
	"period_range" text,
	"ship_to_code" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_limits_code_unique" UNIQUE("code"),
	CONSTRAINT "approval_limits_type_check" CHECK ("approval_limits"."type" in ('orderThreshold', 'periodThreshold')),
	CONSTRAINT "approval_limits_threshold_check" CHECK ("approval_limits"."threshold_pence" >= 0),
	CONSTRAINT "approval_limits_subject_check" CHECK (("approval_limits"."type" = 'orderThreshold' and "approval_limits"."period_range" is null and ("approval_limits"."ship_to_code" is null) <> ("approval_limits"."user_id" is null))
        or ("approval_limits"."type" = 'periodThreshold' and "approval_limits"."period_range" in ('WEEK', 'MONTH') and "approval_limits"."ship_to_code" is not null and "approval_limits"."user_id" is null))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_reasons" jsonb;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD COLUMN "approval_status" text DEFAULT 'notNeeded' NOT NULL;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD COLUMN "approved_net_pence" integer;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_limits" ADD CONSTRAINT "approval_limits_sold_to_code_sold_tos_code_fk" FOREIGN KEY ("sold_to_code") REFERENCES "public"."sold_tos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_limits" ADD CONSTRAINT "approval_limits_ship_to_code_ship_tos_code_fk" FOREIGN KEY ("ship_to_code") REFERENCES "public"."ship_tos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_limits" ADD CONSTRAINT "approval_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_decisions_order_idx" ON "approval_decisions" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "approval_decisions_standing_idx" ON "approval_decisions" USING btree ("standing_order_id","id");--> statement-breakpoint
CREATE INDEX "approval_limits_sold_to_idx" ON "approval_limits" USING btree ("sold_to_code");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pendingApproval', 'placed', 'confirmed', 'picking', 'dispatched', 'delivered', 'cancelled', 'rejected', 'expired'));