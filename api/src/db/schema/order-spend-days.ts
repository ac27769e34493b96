// A running total of orders' net pence per ship-to, delivery date and status, kept by triggers on orders
// (drizzle/0022_order_spend_days.sql, as changed by 0023), so a period limit reads a few rows a day instead of
// every order in its period (spending-limits/limit-check.ts). Rows are striped by the writing connection so that concurrent checkouts of
// one ship-to for one date do not queue on one row; readers sum the stripes.
import { bigint, date, primaryKey, pgTable, smallint, text } from 'drizzle-orm/pg-core';

export const orderSpendDays = pgTable(
  'order_spend_days',
  {
    shipToCode: text('ship_to_code').notNull(),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    stripe: smallint('stripe').notNull(),
    netPence: bigint('net_pence', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.shipToCode, t.deliveryDate, t.status, t.stripe] })],
);
