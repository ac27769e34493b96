-- Order history: a count per owner kept by triggers (the page count), and the history index ending with the tie-break.
CREATE TABLE "order_counts" (
	"user_id" integer NOT NULL,
	"ship_to_code" text NOT NULL,
	"range" text NOT NULL,
	"placed" integer NOT NULL,
	CONSTRAINT "order_counts_user_id_ship_to_code_range_pk" PRIMARY KEY("user_id","ship_to_code","range")
);
--> statement-breakpoint
DROP INDEX "orders_history_idx";--> statement-breakpoint
CREATE INDEX "orders_history_idx" ON "orders" USING btree ("user_id","ship_to_code","range","placed_at","id");--> statement-breakpoint
-- One statement-level trigger per change: a bulk insert adds its counts in one upsert per owner.
CREATE OR REPLACE FUNCTION mv_order_counts_add() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO order_counts (user_id, ship_to_code, range, placed)
  SELECT user_id, ship_to_code, range, count(*) FROM placed_orders GROUP BY user_id, ship_to_code, range
  ON CONFLICT (user_id, ship_to_code, range) DO UPDATE SET placed = order_counts.placed + excluded.placed;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION mv_order_counts_remove() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE order_counts c SET placed = c.placed - gone.n
  FROM (SELECT user_id, ship_to_code, range, count(*) AS n FROM removed_orders GROUP BY user_id, ship_to_code, range) gone
  WHERE c.user_id = gone.user_id AND c.ship_to_code = gone.ship_to_code AND c.range = gone.range;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_count_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS placed_orders
  FOR EACH STATEMENT EXECUTE FUNCTION mv_order_counts_add();--> statement-breakpoint
CREATE TRIGGER orders_count_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS removed_orders
  FOR EACH STATEMENT EXECUTE FUNCTION mv_order_counts_remove();--> statement-breakpoint
INSERT INTO order_counts (user_id, ship_to_code, range, placed)
SELECT user_id, ship_to_code, range, count(*) FROM orders GROUP BY user_id, ship_to_code, range;
