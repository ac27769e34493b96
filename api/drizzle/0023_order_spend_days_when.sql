-- Hand-written (not generated): cheaper upkeep of order_spend_days (0022), the same totals.
-- An update that changes none of ship-to, delivery date, status and net total no longer calls the trigger
-- (the WHEN clause, checked without entering PL/pgSQL); an insert, each checkout's, adds to its day in the
-- trigger's own statement, whose plan PL/pgSQL keeps, where calling the SQL function planned it afresh.
-- The helper the update and delete paths call becomes PL/pgSQL for the same reason.
CREATE OR REPLACE FUNCTION order_spend_days_add(ship_to text, day date, state text, pence bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_spend_days AS d (ship_to_code, delivery_date, status, stripe, net_pence)
  VALUES (ship_to, day, state, pg_backend_pid() % 16, pence)
  ON CONFLICT (ship_to_code, delivery_date, status, stripe) DO UPDATE SET net_pence = d.net_pence + excluded.net_pence;
END
$$;
--> statement-breakpoint
CREATE FUNCTION order_spend_days_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_spend_days AS d (ship_to_code, delivery_date, status, stripe, net_pence)
  VALUES (NEW.ship_to_code, NEW.delivery_date, NEW.status, pg_backend_pid() % 16, NEW.net_pence)
  ON CONFLICT (ship_to_code, delivery_date, status, stripe) DO UPDATE SET net_pence = d.net_pence + excluded.net_pence;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER orders_spend_days ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_spend_days_insert AFTER INSERT ON orders
FOR EACH ROW EXECUTE FUNCTION order_spend_days_insert();
--> statement-breakpoint
CREATE TRIGGER orders_spend_days_delete AFTER DELETE ON orders
FOR EACH ROW EXECUTE FUNCTION order_spend_days_apply();
--> statement-breakpoint
CREATE TRIGGER orders_spend_days_update AFTER UPDATE OF ship_to_code, delivery_date, status, net_pence ON orders
FOR EACH ROW
WHEN ((OLD.ship_to_code, OLD.delivery_date, OLD.status, OLD.net_pence) IS DISTINCT FROM (NEW.ship_to_code, NEW.delivery_date, NEW.status, NEW.net_pence))
EXECUTE FUNCTION order_spend_days_apply();
