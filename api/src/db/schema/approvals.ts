// Spending limits set by company admins and operators, and the decisions on held orders (docs/approvals.md).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgSequence, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { operators } from './admin';
import { shipTos, soldTos, users } from './customers';
import { orders } from './orders';
import { standingOrders } from './standing-orders';

export const approvalLimitNumberSeq = pgSequence('approval_limit_number_seq', { startWith: 1 });

/**
 * A limit: `orderThreshold` (one order's net total, for a ship-to or a user) or `periodThreshold` (a
 * ship-to's placed and held orders for delivery dates in one London WEEK or MONTH). Pence, net of VAT.
 */
export const approvalLimits = pgTable(
  'approval_limits',
  {
    id: serial('id').primaryKey(),
    /** Readable: AL-000012 */
    code: text('code').notNull().unique(),
    soldToCode: text('sold_to_code')
      .notNull()
      .references(() => soldTos.code),
    type: text('type').notNull(),
    thresholdPence: integer('threshold_pence').notNull(),
    periodRange: text('period_range'),
    shipToCode: text('ship_to_code').references(() => shipTos.code),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('approval_limits_sold_to_idx').on(t.soldToCode),
    check('approval_limits_type_check', sql`${t.type} in ('orderThreshold', 'periodThreshold')`),
    check('approval_limits_threshold_check', sql`${t.thresholdPence} >= 0`),
    check(
      'approval_limits_subject_check',
      sql`(${t.type} = 'orderThreshold' and ${t.periodRange} is null and (${t.shipToCode} is null) <> (${t.userId} is null))
        or (${t.type} = 'periodThreshold' and ${t.periodRange} in ('WEEK', 'MONTH') and ${t.shipToCode} is not null and ${t.userId} is null)`,
    ),
  ],
);

/**
 * What happened to a held order or standing order: approved, rejected (with the comment), expired at the
 * cut-off, or sent back for approval for another date. By a customer's approver or admin, an operator, or
 * the system (expiry: both null).
 */
export const approvalDecisions = pgTable(
  'approval_decisions',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id),
    standingOrderId: integer('standing_order_id').references(() => standingOrders.id),
    /** 'APPROVE' | 'REJECT' | 'EXPIRE' | 'RESUBMIT' */
    decision: text('decision').notNull(),
    comment: text('comment'),
    userId: integer('user_id').references(() => users.id),
    operatorId: integer('operator_id').references(() => operators.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approval_decisions_order_idx').on(t.orderId, t.id), index('approval_decisions_standing_idx').on(t.standingOrderId, t.id)],
);
