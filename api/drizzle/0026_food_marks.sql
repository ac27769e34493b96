-- A product's four food lists as one number for listings and cart lines to read (api/src/food-info/food-marks.ts):
-- bits 0-13 contained, 14-27 may contain, 28-41 free from (bit i the i-th allergen in label order), 42-46 the
-- dietary flags. A value no list should hold counts nowhere.
CREATE FUNCTION food_marks_bits(contained text[], may_contain text[], free text[], dietary text[]) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce((SELECT bit_or(1::bigint << (list.shift + array_position(list.codes, value) - 1))
    FROM (VALUES (0, contained, allergen.codes), (14, may_contain, allergen.codes), (28, free, allergen.codes),
                 (42, dietary, ARRAY['vegetarian', 'vegan', 'halal', 'kosher', 'organic']::text[])) AS list(shift, marks, codes),
         unnest(list.marks) AS value), 0)
  FROM (SELECT ARRAY['celery', 'gluten', 'crustaceans', 'eggs', 'fish', 'lupin', 'milk', 'molluscs', 'mustard',
                     'treeNuts', 'peanuts', 'sesame', 'soya', 'sulphites']::text[] AS codes) AS allergen
$$;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "food_marks" bigint GENERATED ALWAYS AS (food_marks_bits(allergens_contained, allergens_may_contain, allergens_free, dietary)) STORED NOT NULL;
