// What is sold: the category tree, products and each sold-to's own prices.
import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { soldTos } from './customers';

/** PostgreSQL full-text document; written by a trigger (migration 0001_search), never by the application. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable(
  'categories',
  {
    /** e.g. DAIR_MILK; the top level is the range itself (CHIL, DAIR). */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    parentId: text('parent_id'),
    range: text('range').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.position)],
);

export const products = pgTable(
  'products',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    brand: text('brand').notNull(),
    range: text('range').notNull(),
    /** The leaf category the product sits in; its ancestors follow from categories.parentId. */
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    /** e.g. '12 x 1 L' */
    packSize: text('pack_size').notNull(),
    /** e.g. 'Bottle', 'Tub', 'Block' */
    packType: text('pack_type').notNull(),
    salesUnit: text('sales_unit').notNull().default('case'),
    listPricePence: integer('list_price_pence').notNull(),
    /** VAT rate in basis points: 0 (zero-rated food) or 2000 (20 %). */
    vatRateBp: integer('vat_rate_bp').notNull(),
    /** 'chilled' | 'frozen' | 'ambient' */
    storage: text('storage').notNull(),
    /** Human text, e.g. 'Keep refrigerated 0-5 °C' */
    storageText: text('storage_text').notNull(),
    shelfLifeDays: integer('shelf_life_days').notNull(),
    minOrderQuantity: integer('min_order_quantity').notNull().default(1),
    /** 'inStock' | 'lowStock' | 'outOfStock' */
    stockStatus: text('stock_status').notNull().default('inStock'),
    featured: boolean('featured').notNull().default(false),
    /** Any of 'specialoffers', 'bestsellers'. */
    collections: text('collections').array().notNull().default(sql`'{}'::text[]`),
    discontinued: boolean('discontinued').notNull().default(false),
    /**
     * The 14 UK allergens (food-info/allergens.ts) by what the supplier declared: contained, may be contained,
     * free from. An allergen in none of the three was not supplied. Kept here, beside the product, so listings,
     * facets and a site's allergen profile read them without a join; written only by food-info/.
     */
    allergensContained: text('allergens_contained').array().notNull().default(sql`'{}'::text[]`),
    allergensMayContain: text('allergens_may_contain').array().notNull().default(sql`'{}'::text[]`),
    allergensFree: text('allergens_free').array().notNull().default(sql`'{}'::text[]`),
    /** Any of 'vegetarian', 'vegan', 'halal', 'kosher', 'organic'. */
    dietary: text('dietary').array().notNull().default(sql`'{}'::text[]`),
    /** The four lists above as one number (food-info/food-marks.ts), kept by PostgreSQL for listings and cart lines to read. */
    foodMarks: bigint('food_marks', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`food_marks_bits(allergens_contained, allergens_may_contain, allergens_free, dietary)`),
    /**
     * Kept by the products_search trigger (migration 0001_search): name, brand, category names and pack type,
     * lower-cased, without accents or punctuation, for typo-tolerant trigram matching and suggestions.
     */
    searchText: text('search_text'),
    /** Kept by the same trigger: weighted full-text document (name and brand A, categories B, code and pack C, description D). */
    searchDocument: tsvector('search_document'),
  },
  (t) => [index('products_range_category_idx').on(t.range, t.categoryId)],
);

/** A sold-to's own price for a product; products without one sell at list price. */
export const prices = pgTable(
  'prices',
  {
    soldToCode: text('sold_to_code')
      .notNull()
      .references(() => soldTos.code),
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    pricePence: integer('price_pence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.soldToCode, t.productCode] })],
);
