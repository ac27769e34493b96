// Standing orders, their lines, their deliveries and the scheduler's jobs.
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgSequence, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { shipTos, users } from './customers';
import { products } from './catalogue';
import { orders } from './orders';

export const standingOrderNumberSeq = pgSequence('standing_order_number_seq', { startWith: 1 });

/** A customer's instruction to order the same lines on chosen delivery weekdays (docs/ordering-rules.md). */
export const standingOrders = pgTable(
  'standing_orders',
  {
    id: serial('id').primaryKey(),
    /** Readable, sequential: SO-000123 */
    code: text('code').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    shipToCode: text('ship_to_code')
      .notNull()
      .references(() => shipTos.code),
    range: text('range').notNull(),
    name: text('name').notNull(),
    /** ISO weekdays (1 = Monday … 7 = Sunday), a subset of the ship-to's delivery days for the range. */
    weekdays: smallint('weekdays').array().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    /** Copied from the cart it was made of; each order it places carries them, as checkout's would. */
    purchaseOrderNumber: text('purchase_order_number'),
    deliveryInstructions: text('delivery_instructions'),
    /** 'active' | 'paused' | 'ended' */
    status: text('status').notNull().default('active'),
    /**
     * When it was created or last resumed: a delivery whose cut-off fell before this (while paused) is never
     * placed late.
     */
    activeSince: timestamp('active_since', { withTimezone: true }).notNull().defaultNow(),
    /** 'notNeeded' | 'pending' | 'approved' | 'rejected': a standing order over a limit is approved once (docs/approvals.md). */
    approvalStatus: text('approval_status').notNull().default('notNeeded'),
    /** The delivery net total an approver agreed to; a delivery more than 10 % over it is not placed. */
    approvedNetPence: integer('approved_net_pence'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('standing_orders_owner_idx').on(t.userId, t.shipToCode, t.range)],
);

export const standingOrderLines = pgTable(
  'standing_order_lines',
  {
    standingOrderId: integer('standing_order_id')
      .notNull()
      .references(() => standingOrders.id, { onDelete: 'cascade' }),
    entryNumber: integer('entry_number').notNull(),
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.standingOrderId, t.entryNumber] })],
);

/** A line of one delivery's own lines, replacing the standing lines for that delivery only. */
export interface DeliveryLine {
  productCode: string;
  quantity: number;
}

/**
 * What is known about one delivery beyond the standing order's rule: the customer's skip or own lines, and
 * what the scheduler did at its cut-off (the order placed, or why none was). Keyed by the delivery date
 * after any bank-holiday move, as the storefront addresses it.
 */
export const standingOrderDeliveries = pgTable(
  'standing_order_deliveries',
  {
    standingOrderId: integer('standing_order_id')
      .notNull()
      .references(() => standingOrders.id, { onDelete: 'cascade' }),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    skipped: boolean('skipped').notNull().default(false),
    /** The lines of this delivery alone; null: the standing lines. */
    lines: jsonb('lines').$type<DeliveryLine[]>(),
    orderId: integer('order_id').references(() => orders.id),
    /** Why no order was placed at the cut-off (every line no longer sold, paused at the cut-off, …). */
    problem: text('problem'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.standingOrderId, t.deliveryDate] })],
);

/**
 * The scheduler's work: one reminder and one placement per delivery. The primary key is the exactly-once
 * guarantee: however many processes materialise a delivery, it has one job of each kind, and a job is
 * claimed with FOR UPDATE SKIP LOCKED and marked done in the transaction that does its work.
 */
export const standingOrderJobs = pgTable(
  'standing_order_jobs',
  {
    standingOrderId: integer('standing_order_id')
      .notNull()
      .references(() => standingOrders.id, { onDelete: 'cascade' }),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    /** 'reminder' | 'placement' */
    kind: text('kind').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** What the job did: 'sent', 'placed', 'failed', 'skipped', 'late', 'obsolete'. */
    outcome: text('outcome'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    primaryKey({ columns: [t.standingOrderId, t.deliveryDate, t.kind] }),
    index('standing_order_jobs_due_idx').on(t.dueAt).where(sql`${t.doneAt} is null`),
  ],
);
