// Live stock (docs/stock.md): what the ERP says is available of a product for a delivery date. A product with no
// row for a date is not limited on it.
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { shipTos, users } from './customers';

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
  (t) => [
    primaryKey({ columns: [t.productCode, t.deliveryDate] }),
    check('stock_levels_available_not_negative', sql`${t.available} >= 0`),
  ],
);

/**
 * "Tell me when it is back": one e-mail when a feed next gives the product cases for a date from `fromDate` on.
 * A user waits at most once per product at a time (the partial unique index); `notifiedAt` is set in the feed's
 * transaction that writes the e-mail, so each request is answered exactly once.
 */
export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    shipToCode: text('ship_to_code')
      .notNull()
      .references(() => shipTos.code),
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('back_in_stock_requests_waiting').on(t.userId, t.productCode).where(sql`${t.notifiedAt} is null`)],
);
