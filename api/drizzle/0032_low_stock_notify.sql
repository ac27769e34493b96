-- Each API process keeps the products with few cases left (api/src/stock/low-stock-copy.ts), so a listing asks the
-- database for stock only where a notice may show; it reads them again when told one more may have joined them.
-- 20 is FEW_LEFT_CASES (api/src/stock/stock-notice.ts). A row rising above it needs no notice: the copy may hold
-- more products than have few left, never fewer. No index serves the copy's read: one whose predicate names
-- `available` would make each feed's update of a row a non-HOT one, writing every index again, for a read made
-- only when told.
CREATE FUNCTION mv_low_stock_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mv_low_stock', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER stock_levels_low_notify AFTER INSERT OR UPDATE ON stock_levels
  FOR EACH ROW WHEN (NEW.available <= 20) EXECUTE FUNCTION mv_low_stock_notify();
