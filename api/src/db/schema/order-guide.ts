// The order guide's par levels.
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { shipTos } from './customers';
import { products } from './catalogue';

/** The quantity a kitchen keeps of a product for one ship-to and range ("par level"), set by any of its users. */
export const parLevels = pgTable(
  'par_levels',
  {
    shipToCode: text('ship_to_code')
      .notNull()
      .references(() => shipTos.code),
    range: text('range').notNull(),
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    parLevel: integer('par_level').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shipToCode, t.range, t.productCode] })],
);
