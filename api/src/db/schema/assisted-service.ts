// Sales reps and customer service (docs/assisted-service.md): which sold-tos a rep looks after, the sessions in
// which an operator acts for a customer, and what came of each call on the call list.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { operators } from './admin';
import { shipTos, soldTos, users } from './customers';

/** The sold-tos assigned to a `sales` operator, by the customers import or the back office. */
export const operatorSoldTos = pgTable(
  'operator_sold_tos',
  {
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    soldTo: text('sold_to')
      .notNull()
      .references(() => soldTos.code),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.soldTo] }), index('operator_sold_tos_sold_to_idx').on(t.soldTo)],
);

/**
 * An operator using the shop as one customer user at one ship-to. Its tokens (oauth_tokens.assisted_session_id)
 * stop working when it ends, by hand or after 30 idle minutes (last_active_at).
 */
export const assistedSessions = pgTable(
  'assisted_sessions',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    shipToCode: text('ship_to_code')
      .notNull()
      .references(() => shipTos.code),
    reason: text('reason').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** 'ended' (the operator's End) | 'idle' (30 minutes without a request) | 'signedOut'; null while it runs. */
    endReason: text('end_reason'),
  },
  (t) => [index('assisted_sessions_operator_idx').on(t.operatorId, t.startedAt)],
);

export const CALL_OUTCOMES = ['ordered', 'noOrderThisWeek', 'callBack'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** What came of a call about one ship-to's range and delivery date; the newest is shown to the next person. */
export const callOutcomes = pgTable(
  'call_outcomes',
  {
    id: serial('id').primaryKey(),
    shipToCode: text('ship_to_code')
      .notNull()
      .references(() => shipTos.code),
    range: text('range').notNull(),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    outcome: text('outcome', { enum: CALL_OUTCOMES }).notNull(),
    /** When to call again; set only for 'callBack'. */
    callBackAt: timestamp('call_back_at', { withTimezone: true }),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('call_outcomes_delivery_idx').on(t.deliveryDate, t.shipToCode, t.range, t.at),
    check('call_outcomes_call_back_check', sql`(${t.outcome} = 'callBack') = (${t.callBackAt} is not null)`),
  ],
);
