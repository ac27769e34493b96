CREATE TABLE "price_rules_version" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "price_rules_version_one_row" CHECK ("price_rules_version"."one")
);
--> statement-breakpoint
INSERT INTO "price_rules_version" ("one", "version") VALUES (true, 0);--> statement-breakpoint
-- Bumped before the statement writes, so the writing transaction takes this row's lock before any row of the rules:
-- two writers then queue here instead of deadlocking over rules each has locked. The count is part of the
-- writer's transaction: whoever sees it sees the rules of the same commit.
CREATE FUNCTION mv_price_rules_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE price_rules_version SET version = version + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER dated_prices_bump BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON dated_prices
  FOR EACH STATEMENT EXECUTE FUNCTION mv_price_rules_bump();--> statement-breakpoint
CREATE TRIGGER volume_tiers_bump BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON volume_tiers
  FOR EACH STATEMENT EXECUTE FUNCTION mv_price_rules_bump();--> statement-breakpoint
CREATE TRIGGER promotions_bump BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON promotions
  FOR EACH STATEMENT EXECUTE FUNCTION mv_price_rules_bump();--> statement-breakpoint
CREATE TRIGGER sold_tos_price_rules_bump BEFORE INSERT OR UPDATE OF customer_group OR DELETE ON sold_tos
  FOR EACH STATEMENT EXECUTE FUNCTION mv_price_rules_bump();--> statement-breakpoint
CREATE TRIGGER categories_price_rules_bump BEFORE INSERT OR UPDATE OF parent_id OR DELETE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION mv_price_rules_bump();
