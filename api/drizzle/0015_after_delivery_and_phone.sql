CREATE SEQUENCE "public"."credit_request_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "checkin_lines" (
	"order_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"received_quantity" integer NOT NULL,
	"damaged_quantity" integer NOT NULL,
	"reason" text,
	"note" text,
	CONSTRAINT "checkin_lines_order_id_line_number_pk" PRIMARY KEY("order_id","line_number"),
	CONSTRAINT "checkin_lines_quantities_check" CHECK ("checkin_lines"."received_quantity" >= 0 and "checkin_lines"."damaged_quantity" >= 0 and "checkin_lines"."damaged_quantity" <= "checkin_lines"."received_quantity")
);
--> statement-breakpoint
CREATE TABLE "checkin_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_request_lines" (
	"credit_request_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"net_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	CONSTRAINT "credit_request_lines_credit_request_id_line_number_pk" PRIMARY KEY("credit_request_id","line_number")
);
--> statement-breakpoint
CREATE TABLE "credit_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"ship_to_code" text NOT NULL,
	"sold_to_code" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"net_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"gross_pence" integer NOT NULL,
	"credited_pence" integer,
	"decision_note" text,
	"credit_note_number" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_requests_code_unique" UNIQUE("code"),
	CONSTRAINT "credit_requests_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "credit_requests_status_check" CHECK ("credit_requests"."status" in ('requested', 'accepted', 'partlyAccepted', 'rejected')),
	CONSTRAINT "credit_requests_amounts_check" CHECK ("credit_requests"."gross_pence" >= 0 and ("credit_requests"."credited_pence" is null or "credit_requests"."credited_pence" between 0 and "credit_requests"."gross_pence"))
);
--> statement-breakpoint
CREATE TABLE "invoice_orders" (
	"invoice_id" integer NOT NULL,
	"order_code" text NOT NULL,
	CONSTRAINT "invoice_orders_invoice_id_order_code_pk" PRIMARY KEY("invoice_id","order_code")
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount_check" CHECK ("invoice_payments"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"type" text NOT NULL,
	"sold_to_code" text NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"lines" jsonb NOT NULL,
	"net_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"gross_pence" integer NOT NULL,
	"pdf" "bytea",
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_type_check" CHECK ("invoices"."type" in ('invoice', 'creditNote')),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."net_pence" >= 0 and "invoices"."vat_pence" >= 0 and "invoices"."gross_pence" = "invoices"."net_pence" + "invoices"."vat_pence")
);
--> statement-breakpoint
CREATE TABLE "order_checkins" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_change_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"status" smallint NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_change_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "cutoff_reminder_settings" (
	"ship_to_code" text PRIMARY KEY NOT NULL,
	"hours" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cutoff_reminders_sent" (
	"ship_to_code" text NOT NULL,
	"range" text NOT NULL,
	"delivery_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cutoff_reminders_sent_ship_to_code_range_delivery_date_pk" PRIMARY KEY("ship_to_code","range","delivery_date")
);
--> statement-breakpoint
ALTER TABLE "checkin_lines" ADD CONSTRAINT "checkin_lines_order_id_order_checkins_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_checkins"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_photos" ADD CONSTRAINT "checkin_photos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_photos" ADD CONSTRAINT "checkin_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_request_lines" ADD CONSTRAINT "credit_request_lines_credit_request_id_credit_requests_id_fk" FOREIGN KEY ("credit_request_id") REFERENCES "public"."credit_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_requests" ADD CONSTRAINT "credit_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_requests" ADD CONSTRAINT "credit_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_requests" ADD CONSTRAINT "credit_requests_ship_to_code_ship_tos_code_fk" FOREIGN KEY ("ship_to_code") REFERENCES "public"."ship_tos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_requests" ADD CONSTRAINT "credit_requests_sold_to_code_sold_tos_code_fk" FOREIGN KEY ("sold_to_code") REFERENCES "public"."sold_tos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_orders" ADD CONSTRAINT "invoice_orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_sold_to_code_sold_tos_code_fk" FOREIGN KEY ("sold_to_code") REFERENCES "public"."sold_tos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_checkins" ADD CONSTRAINT "order_checkins_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_checkins" ADD CONSTRAINT "order_checkins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_change_keys" ADD CONSTRAINT "cart_change_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cutoff_reminder_settings" ADD CONSTRAINT "cutoff_reminder_settings_ship_to_code_ship_tos_code_fk" FOREIGN KEY ("ship_to_code") REFERENCES "public"."ship_tos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cutoff_reminders_sent" ADD CONSTRAINT "cutoff_reminders_sent_ship_to_code_ship_tos_code_fk" FOREIGN KEY ("ship_to_code") REFERENCES "public"."ship_tos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkin_photos_order_idx" ON "checkin_photos" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "credit_requests_ship_to_idx" ON "credit_requests" USING btree ("ship_to_code","created_at");--> statement-breakpoint
CREATE INDEX "invoice_orders_order_idx" ON "invoice_orders" USING btree ("order_code");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_reference_idx" ON "invoice_payments" USING btree ("invoice_id","reference");--> statement-breakpoint
CREATE INDEX "invoices_sold_to_idx" ON "invoices" USING btree ("sold_to_code","issue_date");