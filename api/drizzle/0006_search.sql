-- hand-written
-- Search at scale (docs/decisions/002-search-at-scale.md): each API process keeps the catalogue's search
-- data in memory and must see every change to products, prices and categories within a second, whoever
-- makes it (an import, a script, psql). So freshness is kept by the database, not by any code path that
-- writes: every product and price row carries the number of its last change, and every statement that
-- changes one of the three tables notifies channel mv_catalogue_changed after commit.
CREATE SEQUENCE catalogue_change_seq;--> statement-breakpoint
ALTER TABLE products ADD COLUMN search_change bigint NOT NULL DEFAULT nextval('catalogue_change_seq');--> statement-breakpoint
ALTER TABLE prices ADD COLUMN search_change bigint NOT NULL DEFAULT nextval('catalogue_change_seq');--> statement-breakpoint
CREATE INDEX products_search_change_idx ON products (search_change);--> statement-breakpoint
CREATE INDEX prices_search_change_idx ON prices (search_change);--> statement-breakpoint
CREATE OR REPLACE FUNCTION mv_catalogue_change_number() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.search_change := nextval('catalogue_change_seq');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_change_number BEFORE INSERT OR UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION mv_catalogue_change_number();--> statement-breakpoint
CREATE TRIGGER prices_change_number BEFORE INSERT OR UPDATE ON prices
  FOR EACH ROW EXECUTE FUNCTION mv_catalogue_change_number();--> statement-breakpoint
-- The payload is 'table:first change number' ('table:reload' after a delete or truncate, which leave no row
-- to find): a listener reads every row numbered from there on. The first number of the statement, not the
-- highest seen so far, because numbers are taken before commit and a transaction that took a lower number
-- can commit after one that took a higher one.
CREATE OR REPLACE FUNCTION mv_catalogue_notify_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  first_change bigint;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') AND TG_TABLE_NAME IN ('products', 'prices') THEN
    SELECT min(search_change) INTO first_change FROM changed_rows;
    IF first_change IS NULL THEN
      RETURN NULL;
    END IF;
    PERFORM pg_notify('mv_catalogue_changed', TG_TABLE_NAME || ':' || first_change);
  ELSE
    PERFORM pg_notify('mv_catalogue_changed', TG_TABLE_NAME || ':reload');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_notify_insert AFTER INSERT ON products REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mv_catalogue_notify_changed();--> statement-breakpoint
CREATE TRIGGER products_notify_update AFTER UPDATE ON products REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mv_catalogue_notify_changed();--> statement-breakpoint
CREATE TRIGGER products_notify_delete AFTER DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION mv_catalogue_notify_changed();--> statement-breakpoint
CREATE TRIGGER prices_notify_insert AFTER INSERT ON prices REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mv_catalogue_notify_changed();--> statement-breakpoint
CREATE TRIGGER prices_notify_update AFTER UPDATE ON prices REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mv_catalogue_notify_changed();--> statement-breakpoint
CREATE TRIGGER prices_notify_delete AFTER DELETE OR TRUNCATE ON prices
  FOR EACH STATEMENT EXECUTE FUNCTION mv_catalogue_notify_changed();--> statement-breakpoint
CREATE TRIGGER categories_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION mv_catalogue_notify_changed();
