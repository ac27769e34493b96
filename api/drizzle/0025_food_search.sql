-- Search's facet counts read every product of a range from this index alone (catalogue/facets.ts); the free-from
-- and dietary facets and the avoid filter read the allergen and dietary arrays, so they are carried here too.
DROP INDEX IF EXISTS products_facets_idx;--> statement-breakpoint
CREATE INDEX products_facets_idx ON products (range, category_id, brand, storage, pack_type, featured) INCLUDE (collections, allergens_free, dietary, allergens_contained, allergens_may_contain) WHERE NOT discontinued;
