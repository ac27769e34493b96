// What happens after delivery (docs/after-delivery.md): the buyer's check-in at the door with its photos, the
// credit requests it makes, and the ERP's invoices, credit notes and payments.
import { sql } from 'drizzle-orm';
import { check, customType, date, index, integer, jsonb, pgSequence, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { shipTos, soldTos, users } from './customers';
import { orders } from './orders';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** One check-in per order: who checked it in and when; its lines are what differed or what was fine. */
export const orderCheckins = pgTable('order_checkins', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per order line, what arrived at the door: received (of what was delivered) and damaged (of what was received). */
export const checkinLines = pgTable(
  'checkin_lines',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orderCheckins.orderId),
    lineNumber: integer('line_number').notNull(),
    receivedQuantity: integer('received_quantity').notNull(),
    damagedQuantity: integer('damaged_quantity').notNull(),
    /** 'short' | 'damaged' | 'wrongProduct' | 'quality' | 'temperature' | 'outOfDate'; null on a line that was fine. */
    reason: text('reason'),
    note: text('note'),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.lineNumber] }),
    check('checkin_lines_quantities_check', sql`${t.receivedQuantity} >= 0 and ${t.damagedQuantity} >= 0 and ${t.damagedQuantity} <= ${t.receivedQuantity}`),
  ],
);

/** Photos taken at the door, re-encoded and stripped of metadata before they are stored; at most 5 per order. */
export const checkinPhotos = pgTable(
  'checkin_photos',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    /** The order line the photo shows (its entry number); null: the delivery as a whole. */
    lineNumber: integer('line_number'),
    createdAt: createdAt(),
  },
  (t) => [index('checkin_photos_order_idx').on(t.orderId, t.id)],
);

export const creditRequestNumberSeq = pgSequence('credit_request_number_seq', { startWith: 1 });

/**
 * A credit request made by a check-in whose lines differ: priced from the order's own line prices, decided by
 * the ERP or an operator. Pence; `credited` is set by the decision (accepted: the requested gross).
 */
export const creditRequests = pgTable(
  'credit_requests',
  {
    id: serial('id').primaryKey(),
    /** Readable: CR-000012 */
    code: text('code').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    shipToCode: text('ship_to_code')
      .notNull()
      .references(() => shipTos.code),
    soldToCode: text('sold_to_code')
      .notNull()
      .references(() => soldTos.code),
    /** 'requested' | 'accepted' | 'partlyAccepted' | 'rejected' */
    status: text('status').notNull().default('requested'),
    netPence: integer('net_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    grossPence: integer('gross_pence').notNull(),
    creditedPence: integer('credited_pence'),
    decisionNote: text('decision_note'),
    creditNoteNumber: text('credit_note_number'),
    /** 'operator:<e-mail>' or 'client:<client id>', as order status changes. */
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_requests_ship_to_idx').on(t.shipToCode, t.createdAt),
    check('credit_requests_status_check', sql`${t.status} in ('requested', 'accepted', 'partlyAccepted', 'rejected')`),
    check('credit_requests_amounts_check', sql`${t.grossPence} >= 0 and (${t.creditedPence} is null or ${t.creditedPence} between 0 and ${t.grossPence})`),
  ],
);

/**
 * The lines of a credit request: the quantity to credit and its price at the order's line price, then what the
 * decision credited of it (cases and gross pence). Both stay null until the decision, and for good when a request
 * was partly accepted by an amount alone: which cases that amount pays for is not known.
 */
export const creditRequestLines = pgTable(
  'credit_request_lines',
  {
    creditRequestId: integer('credit_request_id')
      .notNull()
      .references(() => creditRequests.id),
    lineNumber: integer('line_number').notNull(),
    quantity: integer('quantity').notNull(),
    reason: text('reason').notNull(),
    netPence: integer('net_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    creditedQuantity: integer('credited_quantity'),
    creditedPence: integer('credited_pence'),
  },
  (t) => [
    primaryKey({ columns: [t.creditRequestId, t.lineNumber] }),
    check(
      'credit_request_lines_credited_check',
      sql`(${t.creditedQuantity} is null and ${t.creditedPence} is null) or (${t.creditedQuantity} between 0 and ${t.quantity} and ${t.creditedPence} between 0 and ${t.netPence} + ${t.vatPence})`,
    ),
  ],
);

/**
 * An invoice or credit note from the ERP, kept as sent (idempotent by number; `contentHash` tells a re-send
 * from an update). Amounts in pence, positive for both types; a credit note lowers the balance.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    /** 'invoice' | 'creditNote' */
    type: text('type').notNull(),
    soldToCode: text('sold_to_code')
      .notNull()
      .references(() => soldTos.code),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** [{description, quantity, net, vat}] in pence, as the ERP sent them. */
    lines: jsonb('lines').notNull(),
    netPence: integer('net_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    grossPence: integer('gross_pence').notNull(),
    /** What its payments add up to, kept by a trigger on invoice_payments (migration 0030): credit exposure reads it. */
    paidPence: integer('paid_pence').notNull().default(0),
    /** The ERP's own PDF, when it sent one; otherwise one is rendered from the data. */
    pdf: bytea('pdf'),
    contentHash: text('content_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_sold_to_idx').on(t.soldToCode, t.issueDate),
    // A sold-to's unpaid invoices alone, so its credit exposure does not grow with its history (docs/credit-control.md).
    index('invoices_unpaid_idx')
      .on(t.soldToCode, t.grossPence, t.paidPence)
      .where(sql`${t.type} = 'invoice' and ${t.paidPence} < ${t.grossPence}`),
    check('invoices_type_check', sql`${t.type} in ('invoice', 'creditNote')`),
    check('invoices_amounts_check', sql`${t.netPence} >= 0 and ${t.vatPence} >= 0 and ${t.grossPence} = ${t.netPence} + ${t.vatPence}`),
  ],
);

/** The orders an invoice bills, by order code (an ERP invoice may name orders placed elsewhere). */
export const invoiceOrders = pgTable(
  'invoice_orders',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    orderCode: text('order_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.orderCode] }), index('invoice_orders_order_idx').on(t.orderCode)],
);

/** Payments against an invoice, idempotent by (invoice, reference). */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amountPence: integer('amount_pence').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    reference: text('reference').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invoice_payments_reference_idx').on(t.invoiceId, t.reference), check('invoice_payments_amount_check', sql`${t.amountPence} > 0`)],
);
