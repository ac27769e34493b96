// Credit control (docs/credit-control.md): each sold-to's credit limit and hold as the ERP sends them, and the
// orders held for credit with the operator's decision on each.
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { soldTos } from './customers';
import { operators } from './admin';
import { orders } from './orders';

/** A sold-to without a row has no limit. The row is locked while an order of the sold-to is checked against it. */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    soldToCode: text('sold_to_code')
      .primaryKey()
      .references(() => soldTos.code),
    /** Pence, VAT included, as invoices are. */
    limitPence: integer('limit_pence').notNull(),
    onHold: boolean('on_hold').notNull(),
    /** Why, in the ERP's words, shown to the buyer; null when the ERP gave none. */
    reason: text('reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('credit_accounts_limit_check', sql`${t.limitPence} >= 0`)],
);

/**
 * Why an order was last held for credit, and what became of it: released or rejected by an operator, or
 * expired at its cut-off undecided. One row per order, rewritten when it is held again.
 */
export const creditHolds = pgTable(
  'credit_holds',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id),
    /** 'onHold' | 'overLimit' */
    kind: text('kind').notNull(),
    reason: text('reason'),
    /** What the buyer is told, in the words of docs/credit-control.md, as it was when the order was held. */
    message: text('message').notNull(),
    limitPence: integer('limit_pence').notNull(),
    /** The limit less what the sold-to owed and had on order, without this order, when it was held. */
    availablePence: integer('available_pence').notNull(),
    heldAt: timestamp('held_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'RELEASE' | 'REJECT' | 'EXPIRE'; null while it waits. */
    decision: text('decision'),
    comment: text('comment'),
    operatorId: integer('operator_id').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('credit_holds_kind_check', sql`${t.kind} in ('onHold', 'overLimit')`),
    check('credit_holds_decision_check', sql`${t.decision} is null or ${t.decision} in ('RELEASE', 'REJECT', 'EXPIRE')`),
  ],
);
