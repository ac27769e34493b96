CREATE TABLE "assisted_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"ship_to_code" text NOT NULL,
	"reason" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
CREATE TABLE "call_outcomes" (
	"id" serial PRIMARY KEY NOT NULL,
	"ship_to_code" text NOT NULL,
	"range" text NOT NULL,
	"delivery_date" date NOT NULL,
	"operator_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"call_back_at" timestamp with time zone,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_outcomes_call_back_check" CHECK (("call_outcomes"."outcome" = 'callBack') = ("call_outcomes"."call_back_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "operator_sold_tos" (
	"operator_id" integer NOT NULL,
	"sold_to" text NOT NULL,
	CONSTRAINT "operator_sold_tos_operator_id_sold_to_pk" PRIMARY KEY("operator_id","sold_to")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_by_operator_id" integer;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD COLUMN "assisted_session_id" integer;--> statement-breakpoint
ALTER TABLE "assisted_sessions" ADD CONSTRAINT "assisted_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assisted_sessions" ADD CONSTRAINT "assisted_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assisted_sessions" ADD CONSTRAINT "assisted_sessions_ship_to_code_ship_tos_code_fk" FOREIGN KEY ("ship_to_code") REFERENCES "public"."ship_tos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_outcomes" ADD CONSTRAINT "call_outcomes_ship_to_code_ship_tos_code_fk" FOREIGN KEY ("ship_to_code") REFERENCES "public"."ship_tos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_outcomes" ADD CONSTRAINT "call_outcomes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sold_tos" ADD CONSTRAINT "operator_sold_tos_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sold_tos" ADD CONSTRAINT "operator_sold_tos_sold_to_sold_tos_code_fk" FOREIGN KEY ("sold_to") REFERENCES "public"."sold_tos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assisted_sessions_operator_idx" ON "assisted_sessions" USING btree ("operator_id","started_at");--> statement-breakpoint
CREATE INDEX "call_outcomes_delivery_idx" ON "call_outcomes" USING btree ("delivery_date","ship_to_code","range","at");--> statement-breakpoint
CREATE INDEX "operator_sold_tos_sold_to_idx" ON "operator_sold_tos" USING btree ("sold_to");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_by_operator_id_operators_id_fk" FOREIGN KEY ("placed_by_operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_assisted_session_id_assisted_sessions_id_fk" FOREIGN KEY ("assisted_session_id") REFERENCES "public"."assisted_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The customer service role was called 'service' before sales reps came (admin/auth/roles.ts).
UPDATE "operators" SET "role" = 'customerService' WHERE "role" = 'service';
