import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { outboxMessages } from '../db/schema';
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
 * (docs/decisions/004-outbox.md). Answers the event id.
 */
export async function writeEvent<P>(tx: DbOrTx, event: OutboxEvent<P>): Promise<string> {
  const eventId = newEventId();
  const payload: EventEnvelope = { type: event.type, timestamp: new Date().toISOString(), data: event.payload };
  const channels = event.channels.join(',');
  // One row per channel and the notification in one statement: a single round trip added to checkout's.
  await tx.execute(sql`with written as (
      insert into ${outboxMessages} (event_id, channel, type, ordering_key, payload)
      select ${eventId}, channel, ${event.type}, ${event.key}, ${JSON.stringify(payload)}::jsonb
      from unnest(string_to_array(${channels}, ',')) as channel)
    select pg_notify(${OUTBOX_NOTIFY_CHANNEL}, ${channels})`);
  return eventId;
}
