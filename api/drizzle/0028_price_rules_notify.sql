-- Each API process keeps the price rules in memory (api/src/pricing/price-rules/price-rules-copy.ts) and drops
-- its copy when told any of them changed: the rules themselves, a sold-to's customer group (who a promotion is
-- for) and the category tree (which products a category promotion reaches).
CREATE FUNCTION mv_price_rules_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mv_price_rules_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER dated_prices_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON dated_prices
  FOR EACH STATEMENT EXECUTE FUNCTION mv_price_rules_notify();--> statement-breakpoint
CREATE TRIGGER volume_tiers_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON volume_tiers
  FOR EACH STATEMENT EXECUTE FUNCTION mv_price_rules_notify();--> statement-breakpoint
CREATE TRIGGER promotions_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON promotions
  FOR EACH STATEMENT EXECUTE FUNCTION mv_price_rules_notify();--> statement-breakpoint
CREATE TRIGGER sold_tos_price_rules_notify AFTER INSERT OR UPDATE OF customer_group OR DELETE ON sold_tos
  FOR EACH STATEMENT EXECUTE FUNCTION mv_price_rules_notify();--> statement-breakpoint
CREATE TRIGGER categories_price_rules_notify AFTER INSERT OR UPDATE OF parent_id OR DELETE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION mv_price_rules_notify();
--> statement-breakpoint
-- Pricing inside a transaction looks promotions up by their targets; GIN's pending list (fastupdate) would make
-- every lookup scan the entries added since the last vacuum. Promotions are written seldom and read per order.
ALTER INDEX promotions_targets_idx SET (fastupdate = off);
