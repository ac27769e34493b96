import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { outboxMessages } from '../db/schema';
import type { Cause } from '../tracing/cause';
import type { Channels } from './event-types';

/** The channel the outbox's dispatchers LISTEN on; a payload names the outbox channels that have new messages. */
export const OUTBOX_NOTIFY_CHANNEL = 'mv_outbox';

/**
 * One event as a domain module writes it: its registered type, the ordering key (events of one key are
 * delivered in the order written; for an order, its code), the channels it goes to (those of its
 * registration) and the payload, which must survive JSON.
 */
export interface OutboxEvent<P = unknown> {
  type: string;
  key: string;
  channels: Channels;
  payload: P;
  /** The request or job that wrote it, sent on with its delivery; none outside both (start-up, a test's direct call). */
  cause?: Cause;
}

/** What a webhook receiver gets, as the Standard Webhooks specification shapes it: `{type, timestamp, data}`. */
export interface EventEnvelope {
  type: string;
  timestamp: string;
  data: unknown;
}

/** Standard Webhooks message ids are unique strings; `msg_` keeps them recognisable in logs. */
const newEventId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/**
 * The only way into the outbox: records an event in the caller's transaction, so it exists exactly when the
 * change it describes was committed. The same statement notifies the dispatchers of every API process;
 * PostgreSQL delivers the notification only on commit, so they wake once the event can be seen
 * (docs/decisions/004-outbox.md). The event's cause (the request or job that wrote it) is recorded, so its
 * delivery carries the same request and trace ids (docs/metrics.md#tracing). Answers the event id.
 */
export async function writeEvent<P>(tx: DbOrTx, event: OutboxEvent<P>): Promise<string> {
  const eventId = newEventId();
  const payload: EventEnvelope = { type: event.type, timestamp: new Date().toISOString(), data: event.payload };
  const channels = event.channels.join(',');
  const { cause } = event;
  // One row per channel and the notification in one statement: a single round trip added to checkout's.
  await tx.execute(sql`with written as (
      insert into ${outboxMessages} (event_id, channel, type, ordering_key, payload, cause_id, trace_id)
      select ${eventId}, channel, ${event.type}, ${event.key}, ${JSON.stringify(payload)}::jsonb, ${cause?.id ?? null}::text, ${cause?.traceId ?? null}::text
      from unnest(string_to_array(${channels}, ',')) as channel)
    select pg_notify(${OUTBOX_NOTIFY_CHANNEL}, ${channels})`);
  return eventId;
}
