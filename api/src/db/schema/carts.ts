// Carts (current and saved) and their entries.
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { shipTos, users } from './customers';
import { products } from './catalogue';

export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    /** Public cart id, random and unguessable. */
    code: text('code').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    shipToCode: text('ship_to_code')
      .notNull()
      .references(() => shipTos.code),
    range: text('range').notNull(),
    /** 'current' | 'saved' | 'ordered' */
    status: text('status').notNull().default('current'),
    name: text('name'),
    description: text('description'),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    purchaseOrderNumber: text('purchase_order_number'),
    deliveryInstructions: text('delivery_instructions'),
    requestedDeliveryDate: date('requested_delivery_date', { mode: 'string' }),
    /** Bumped on every change; clients send it back in If-Match to avoid lost updates. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_one_current_idx')
      .on(t.userId, t.shipToCode, t.range)
      .where(sql`${t.status} = 'current'`),
    index('carts_owner_status_idx').on(t.userId, t.shipToCode, t.range, t.status),
  ],
);

export const cartEntries = pgTable(
  'cart_entries',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    entryNumber: integer('entry_number').notNull(),
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    quantity: integer('quantity').notNull(),
    /** The customer's choice for this line; null follows the ship-to's default (docs/substitutions.md). */
    allowSubstitute: boolean('allow_substitute'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.entryNumber] }),
    uniqueIndex('cart_entries_product_idx').on(t.cartId, t.productCode),
  ],
);
