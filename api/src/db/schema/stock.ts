// Live stock (docs/stock.md): what the ERP says is available of a product for a delivery date. A product with no
// row for a date is not limited on it.
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from './catalogue';

export const stockLevels = pgTable(
  'stock_levels',
  {
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    /** Cases still available for that delivery date. */
    available: integer('available').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productCode, t.deliveryDate] }), check('stock_levels_available_not_negative', sql`${t.available} >= 0`)],
);
