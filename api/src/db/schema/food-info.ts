// What is in the food (docs/food-information.md): the parts of a product's food information that only its own
// page and specification sheet show. The allergens and dietary flags sit on products (catalogue.ts).
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { shipTos } from './customers';

export const productFoodInfo = pgTable('product_food_info', {
  productCode: text('product_code')
    .primaryKey()
    .references(() => products.code),
  /** As printed on the pack; allergens emphasised between asterisks: 'Whole *milk* (99%), salt'. */
  ingredients: text('ingredients').notNull(),
  /** Per 100 g or 100 ml: {basis, energyKj, energyKcal, fat, saturates, carbohydrate, sugars, protein, salt}; grams to 0.1. */
  nutrition: jsonb('nutrition'),
  countryOfOrigin: text('country_of_origin'),
  /** Counts the changes to the allergens or ingredients; a recipe-change mail names the version it reports. */
  recipeVersion: integer('recipe_version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The allergens a site (ship-to) avoids; no row is a site that avoids none. */
export const shipToAllergenProfiles = pgTable(
  'ship_to_allergen_profiles',
  {
    shipToCode: text('ship_to_code')
      .primaryKey()
      .references(() => shipTos.code),
    avoids: text('avoids').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ship_to_allergen_profiles_avoids_known', sql`cardinality(${t.avoids}) <= 14`)],
);

