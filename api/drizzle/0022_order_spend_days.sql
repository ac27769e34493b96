CREATE TABLE "order_spend_days" (
	"ship_to_code" text NOT NULL,
	"delivery_date" date NOT NULL,
	"status" text NOT NULL,
	"stripe" smallint NOT NULL,
	"net_pence" bigint NOT NULL,
	CONSTRAINT "order_spend_days_ship_to_code_delivery_date_status_stripe_pk" PRIMARY KEY("ship_to_code","delivery_date","status","stripe")
);
--> statement-breakpoint
-- Hand-written below (not generated): the trigger that keeps order_spend_days, and its backfill.
-- Each write of an order takes its old row's net pence out of its day and puts its new row's in, on the stripe of
-- the writing connection (pg_backend_pid() % 16): concurrent checkouts of one ship-to and date then update
-- different rows instead of waiting for each other's commit. An update touching two days takes them in key
-- order, so two connections sharing a stripe cannot deadlock on them.
CREATE FUNCTION order_spend_days_add(ship_to text, day date, state text, pence bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_spend_days AS d (ship_to_code, delivery_date, status, stripe, net_pence)
  VALUES (ship_to, day, state, pg_backend_pid() % 16, pence)
  ON CONFLICT (ship_to_code, delivery_date, status, stripe) DO UPDATE SET net_pence = d.net_pence + excluded.net_pence;
$$;
--> statement-breakpoint
CREATE FUNCTION order_spend_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_spend_days_add(NEW.ship_to_code, NEW.delivery_date, NEW.status, NEW.net_pence);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM order_spend_days_add(OLD.ship_to_code, OLD.delivery_date, OLD.status, -OLD.net_pence);
  ELSIF (OLD.ship_to_code, OLD.delivery_date, OLD.status) = (NEW.ship_to_code, NEW.delivery_date, NEW.status) THEN
    IF OLD.net_pence <> NEW.net_pence THEN
      PERFORM order_spend_days_add(NEW.ship_to_code, NEW.delivery_date, NEW.status, NEW.net_pence - OLD.net_pence);
    END IF;
  ELSIF (OLD.ship_to_code, OLD.delivery_date, OLD.status) < (NEW.ship_to_code, NEW.delivery_date, NEW.status) THEN
    PERFORM order_spend_days_add(OLD.ship_to_code, OLD.delivery_date, OLD.status, -OLD.net_pence);
    PERFORM order_spend_days_add(NEW.ship_to_code, NEW.delivery_date, NEW.status, NEW.net_pence);
  ELSE
    PERFORM order_spend_days_add(NEW.ship_to_code, NEW.delivery_date, NEW.status, NEW.net_pence);
    PERFORM order_spend_days_add(OLD.ship_to_code, OLD.delivery_date, OLD.status, -OLD.net_pence);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_spend_days AFTER INSERT OR DELETE OR UPDATE OF ship_to_code, delivery_date, status, net_pence ON orders
FOR EACH ROW EXECUTE FUNCTION order_spend_days_apply();
--> statement-breakpoint
INSERT INTO order_spend_days (ship_to_code, delivery_date, status, stripe, net_pence)
SELECT ship_to_code, delivery_date, status, 0, sum(net_pence) FROM orders GROUP BY ship_to_code, delivery_date, status;
