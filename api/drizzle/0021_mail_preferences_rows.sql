CREATE TABLE "mail_preferences" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"on" boolean NOT NULL,
	CONSTRAINT "mail_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "mail_preferences" ADD CONSTRAINT "mail_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Hand-written (issue 34): preferences become one row per user and kind. Every saved choice of the five columns
-- is carried over as it stood; a user without a row stays on the defaults (every kind on). Only then does the
-- old table go (drizzle-kit generated its DROP; it is moved here, after the copy).
INSERT INTO "mail_preferences" ("user_id", "kind", "on")
SELECT p."user_id", k."kind", k."on"
FROM "notification_preferences" p
CROSS JOIN LATERAL (VALUES
	('orderConfirmation', p."order_confirmation"),
	('statusChanges', p."status_changes"),
	('standingOrderReminders', p."standing_order_reminders"),
	('cutoffReminders', p."cutoff_reminders"),
	('approvalRequests', p."approval_requests")
) AS k("kind", "on");
--> statement-breakpoint
DROP TABLE "notification_preferences" CASCADE;
