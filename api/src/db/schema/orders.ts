// Placed orders, their lines, the per-user counts kept by a trigger and every status change after placing.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgSequence, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shipTos, soldTos, users } from './customers';
import { carts } from './carts';
import { operators } from './admin';
import { ORDER_STATUSES } from './order-statuses';

/** A product sent instead of the one ordered, as the dispatch report gave it; amounts in pence for `quantity` cases. */
export interface LineSubstitution {
  productCode: string;
  name: string;
  packSize: string;
  quantity: number;
  unitPricePence: number;
  vatRateBp: number;
  netPence: number;
  vatPence: number;
}

export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1 });

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Readable, sequential: MV-000123 */
    code: text('code').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    shipToCode: text('ship_to_code')
      .notNull()
      .references(() => shipTos.code),
    soldToCode: text('sold_to_code')
      .notNull()
      .references(() => soldTos.code),
    range: text('range').notNull(),
    /** An OrderStatus (order-statuses.ts; the moves are order-status/order-status.ts's table): the check below is its list. */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('placed'),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    purchaseOrderNumber: text('purchase_order_number'),
    deliveryInstructions: text('delivery_instructions'),
    netPence: integer('net_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    grossPence: integer('gross_pence').notNull(),
    /** The delivery charge of an order below its ship-to's minimum, net and its VAT; net_pence, vat_pence and gross_pence include them. */
    deliveryChargePence: integer('delivery_charge_pence').notNull().default(0),
    deliveryChargeVatPence: integer('delivery_charge_vat_pence').notNull().default(0),
    /** One order per cart, whatever the idempotency key: backs "twenty submissions make one order". */
    sourceCartId: integer('source_cart_id')
      .notNull()
      .unique()
      .references(() => carts.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Why a held order needs approval: the limits it passes (spending-limits/limit-check.ts); null when none did. */
    approvalReasons: jsonb('approval_reasons'),
    /** Whether an invoice bills it, kept by a trigger on invoice_orders (migration 0030): credit exposure reads it. */
    invoiced: boolean('invoiced').notNull().default(false),
    /** The operator who placed it acting for the user (docs/assisted-service.md); null when the user placed it. */
    placedByOperatorId: integer('placed_by_operator_id').references(() => operators.id),
  },
  (t) => [
    uniqueIndex('orders_idempotency_idx').on(t.userId, t.idempotencyKey),
    // Ends with id, the history's tie-break, so a page is read straight off the index in order.
    index('orders_history_idx').on(t.userId, t.shipToCode, t.range, t.placedAt, t.id),
    // The order guide reads a ship-to's recent orders of every user (docs/ordering-rules.md).
    index('orders_ship_to_recent_idx').on(t.shipToCode, t.range, t.placedAt),
    // A period limit sums a ship-to's orders of a week or month by delivery date (docs/approvals.md "Limits"):
    // status and net total are in the index too, so the sum reads the index alone.
    index('orders_ship_to_delivery_idx').on(t.shipToCode, t.deliveryDate, t.status, t.netPence),
    // The operators' sales report reads every customer's orders of a run of days (reports/sales-report.ts):
    // delivery date first, and what it sums and groups by after, so it reads the index alone; id finds the lines.
    index('orders_delivery_report_idx').on(t.deliveryDate, t.status, t.range, t.soldToCode, t.netPence, t.deliveryChargePence, t.id),
    // A sold-to's placed orders not yet invoiced alone (the statuses that spend, order-status.ts SPENDING_STATUSES),
    // so its credit exposure does not grow with its history (docs/credit-control.md).
    index('orders_uninvoiced_idx')
      .on(t.soldToCode, t.grossPence)
      .where(sql`${t.invoiced} = false and ${t.status} in ('placed', 'confirmed', 'picking', 'dispatched', 'delivered')`),
    // Written out as literals (sql.raw of the fixed list, no input), as the migration holds them.
    check('orders_status_check', sql`${t.status} in (${sql.raw(ORDER_STATUSES.map((status) => `'${status}'`).join(', '))})`),
  ],
);

/**
 * How many orders each user has placed per ship-to and range, kept by a trigger on `orders` (migration
 * 0002): the order history's page count without counting a long history on every page.
 */
export const orderCounts = pgTable(
  'order_counts',
  {
    userId: integer('user_id').notNull(),
    shipToCode: text('ship_to_code').notNull(),
    range: text('range').notNull(),
    placed: integer('placed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.shipToCode, t.range] })],
);

export const orderLines = pgTable(
  'order_lines',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    lineNumber: integer('line_number').notNull(),
    productCode: text('product_code').notNull(),
    name: text('name').notNull(),
    packSize: text('pack_size').notNull(),
    unitPricePence: integer('unit_price_pence').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    quantity: integer('quantity').notNull(),
    netPence: integer('net_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    /** How the pricing pipeline reached the unit price (docs/pricing.md); kept for the record, never answered. */
    priceAdjustments: jsonb('price_adjustments').$type<{ kind: string; source: string; amount: number; name?: string; endsOn?: string }[]>().notNull().default(sql`'[]'::jsonb`),
    /** What the warehouse reported as delivered; null until it reports, less than quantity for a shortage. */
    deliveredQuantity: integer('delivered_quantity'),
    /** Whether the customer let the warehouse send a substitute for this line (docs/substitutions.md). */
    allowSubstitute: boolean('allow_substitute').notNull().default(false),
    /** What the ERP's dispatch report sent instead, priced as it said; null when the line was not substituted. */
    substitution: jsonb('substitution').$type<LineSubstitution>(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.lineNumber] }),
    // Head office's spend by category sums its orders' lines (reports/spend-report.ts), and the operators' fill
    // rate their ordered and delivered quantities (reports/sales-report.ts): all are in the index, so the lines
    // are read from the index alone. The delivery report's one update of a line is no longer HOT for it.
    index('order_lines_report_idx').on(t.orderId, t.productCode, t.netPence, t.quantity, t.deliveredQuantity),
  ],
);

/** Every status change of an order after it was placed: who reported it, and the note the customer sees. */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    note: text('note'),
    /** 'operator:<e-mail>' or 'client:<client id>'. */
    changedBy: text('changed_by').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_changes_order_idx').on(t.orderId, t.id)],
);
