-- Catalogue search: full-text documents, trigram matching and the indexes behind search, facets and suggestions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); pinning the dictionary makes it safe to index.
CREATE OR REPLACE FUNCTION mv_unaccent(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, value) $$;--> statement-breakpoint
-- The one normal form of searchable text: lower case, no accents, punctuation as spaces ("Semi-Skimmed" → "semi skimmed").
CREATE OR REPLACE FUNCTION mv_search_normalize(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT btrim(regexp_replace(lower(mv_unaccent(value)), '[^[:alnum:]]+', ' ', 'g')) $$;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_document" "tsvector";--> statement-breakpoint
-- Category names (the leaf and its ancestors) are part of a product's document, so a trigger builds it.
CREATE OR REPLACE FUNCTION mv_products_search_refresh() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  category_names text;
BEGIN
  WITH RECURSIVE path(id, parent_id, name) AS (
    SELECT c.id, c.parent_id, c.name FROM categories c WHERE c.id = NEW.category_id
    UNION ALL
    SELECT c.id, c.parent_id, c.name FROM categories c JOIN path p ON c.id = p.parent_id
  )
  SELECT string_agg(name, ' ') INTO category_names FROM path;
  NEW.search_text := mv_search_normalize(concat_ws(' ', NEW.name, NEW.brand, category_names, NEW.pack_type));
  NEW.search_document :=
    setweight(to_tsvector('simple', mv_search_normalize(concat_ws(' ', NEW.name, NEW.brand))), 'A') ||
    setweight(to_tsvector('simple', mv_search_normalize(coalesce(category_names, ''))), 'B') ||
    setweight(to_tsvector('simple', mv_search_normalize(concat_ws(' ', NEW.code, NEW.pack_size, NEW.pack_type))), 'C') ||
    setweight(to_tsvector('simple', mv_search_normalize(NEW.description)), 'D');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search
  BEFORE INSERT OR UPDATE OF code, name, brand, description, category_id, pack_size, pack_type ON products
  FOR EACH ROW EXECUTE FUNCTION mv_products_search_refresh();--> statement-breakpoint
-- A renamed or moved category changes the documents of every product below it.
CREATE OR REPLACE FUNCTION mv_categories_search_refresh() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  WITH RECURSIVE below(id) AS (
    SELECT NEW.id
    UNION ALL
    SELECT c.id FROM categories c JOIN below b ON c.parent_id = b.id
  )
  UPDATE products SET name = name WHERE category_id IN (SELECT id FROM below);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER categories_search
  AFTER UPDATE OF name, parent_id ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION mv_categories_search_refresh();--> statement-breakpoint
-- The words of every product document, for correcting typos word by word ("chedar" → cheddar) against a
-- vocabulary of hundreds of words instead of comparing trigrams with every product. Words with digits
-- (codes, pack sizes) are matched by prefix only and kept out. Not in schema.ts: only SQL reads it.
CREATE TABLE search_words (word text PRIMARY KEY);--> statement-breakpoint
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);--> statement-breakpoint
CREATE INDEX search_words_prefix_idx ON search_words (word text_pattern_ops);--> statement-breakpoint
-- Suggestions complete product names and brands: thousands of distinct phrases, not one row per product.
-- A phrase stays after its last product goes; the suggestion query checks a sellable product still has it.
CREATE TABLE search_phrases (kind text NOT NULL, phrase text NOT NULL, norm text NOT NULL, PRIMARY KEY (kind, phrase));--> statement-breakpoint
CREATE INDEX search_phrases_trgm_idx ON search_phrases USING gin (norm gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION mv_search_words_collect() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT lexeme
  FROM changed_products, unnest(tsvector_to_array(changed_products.search_document)) AS lexeme
  WHERE lexeme !~ '[0-9]'
  ON CONFLICT DO NOTHING;
  INSERT INTO search_phrases (kind, phrase, norm)
  SELECT kind, phrase, mv_search_normalize(phrase)
  FROM (SELECT 'name' AS kind, name AS phrase FROM changed_products UNION SELECT 'brand', brand FROM changed_products) AS phrases
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_words_insert
  AFTER INSERT ON products REFERENCING NEW TABLE AS changed_products
  FOR EACH STATEMENT EXECUTE FUNCTION mv_search_words_collect();--> statement-breakpoint
CREATE TRIGGER products_search_words_update
  AFTER UPDATE ON products REFERENCING NEW TABLE AS changed_products
  FOR EACH STATEMENT EXECUTE FUNCTION mv_search_words_collect();--> statement-breakpoint
UPDATE products SET name = name;--> statement-breakpoint
CREATE INDEX products_search_document_idx ON products USING gin (search_document);--> statement-breakpoint
CREATE INDEX products_search_text_trgm_idx ON products USING gin (search_text gin_trgm_ops);--> statement-breakpoint
-- Browsing a range by name (the default sort) and the filters that facets toggle, all over sellable products only.
CREATE INDEX products_sellable_name_idx ON products (range, name, code) WHERE NOT discontinued;--> statement-breakpoint
CREATE INDEX products_sellable_category_idx ON products (range, category_id) WHERE NOT discontinued;--> statement-breakpoint
CREATE INDEX products_sellable_brand_idx ON products (range, brand) WHERE NOT discontinued;--> statement-breakpoint
-- Everything facet counts read, so counting a whole range is an index-only scan instead of a pass over wide rows.
CREATE INDEX products_facets_idx ON products (range, category_id, brand, storage, pack_type, featured) INCLUDE (collections) WHERE NOT discontinued;--> statement-breakpoint
CREATE INDEX products_collections_idx ON products USING gin (collections) WHERE NOT discontinued;--> statement-breakpoint
CREATE INDEX products_featured_idx ON products (range) WHERE featured AND NOT discontinued;
