// The transactional outbox.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * The transactional outbox: one row per event and channel (webhook, mail), written in the transaction that
 * changed the order, delivered afterwards by the dispatcher (outbox/dispatcher.ts), in order per ordering key.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The Standard Webhooks message id (msg_…): the same on every attempt, so receivers can drop repeats. */
    eventId: text('event_id').notNull(),
    /** 'webhook' | 'mail' */
    channel: text('channel').notNull(),
    /** An event type registered by its module (outbox/event-types.ts), e.g. 'order.placed'. */
    type: text('type').notNull(),
    /** Events of one key are delivered in the order written (an order's code; a standing order's code/date). */
    orderingKey: text('ordering_key').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While set and in the future, one dispatcher holds the message; a crashed holder's lease runs out. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    leaseToken: text('lease_token'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The request id (or `job-…` id) that wrote the event, sent on as X-Request-Id (tracing/cause.ts). */
    causeId: text('cause_id'),
    /** The W3C trace the event was written in, sent on in the delivery's traceparent. */
    traceId: text('trace_id'),
  },
  (t) => [
    uniqueIndex('outbox_messages_event_channel_idx').on(t.eventId, t.channel),
    index('outbox_messages_due_idx').on(t.channel, t.nextAttemptAt).where(sql`${t.deliveredAt} is null`),
    index('outbox_messages_key_idx').on(t.channel, t.orderingKey, t.id).where(sql`${t.deliveredAt} is null`),
  ],
);
