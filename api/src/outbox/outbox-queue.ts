import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Channel } from './event-types';
import type { EventEnvelope } from './write-event';

export interface OutboxMessage {
  id: number;
  eventId: string;
  channel: Channel;
  type: string;
  orderingKey: string;
  payload: EventEnvelope;
  createdAt: Date;
  attempts: number;
  leaseToken: string;
  /** The request or job that wrote the event and its trace (write-event.ts); null for events written outside one. */
  causeId: string | null;
  traceId: string | null;
}

interface MessageRow {
  id: string | number;
  event_id: string;
  channel: Channel;
  type: string;
  ordering_key: string;
  payload: EventEnvelope | string;
  created_at: string | Date;
  attempts: number;
  lease_token: string;
  cause_id: string | null;
  trace_id: string | null;
}

/** Both drivers (node-postgres and PGlite) answer `{ rows }`; the shared Db type cannot say so, hence the cast. */
async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Takes up to `limit` due messages of a channel and leases them to the caller for `leaseMs`. Only the
 * oldest undelivered message of each ordering key is ever due (in order per key), and SKIP LOCKED lets
 * any number of API processes claim side by side without taking the same message twice. The lease is
 * written and committed at once, so no transaction stays open while a receiver answers (PGlite has one
 * connection; holding it would stall checkout).
 */
export async function claimMessages(db: Db, channel: Channel, limit: number, leaseMs: number): Promise<OutboxMessage[]> {
  const leaseToken = randomUUID();
  const rows = await selectRows<MessageRow>(
    db,
    sql`with due as (
          select m.id from outbox_messages m
          where m.channel = ${channel} and m.delivered_at is null and m.next_attempt_at <= now()
            and (m.leased_until is null or m.leased_until < now())
            and not exists (
              select 1 from outbox_messages earlier
              where earlier.channel = m.channel and earlier.ordering_key = m.ordering_key
                and earlier.delivered_at is null and earlier.id < m.id)
          order by m.id
          limit ${limit}
          for update skip locked)
        update outbox_messages set leased_until = now() + make_interval(secs => ${leaseMs / 1000}), lease_token = ${leaseToken}
        from due where outbox_messages.id = due.id
        returning outbox_messages.id, outbox_messages.event_id, outbox_messages.channel, outbox_messages.type,
          outbox_messages.ordering_key, outbox_messages.payload, outbox_messages.created_at, outbox_messages.attempts,
          outbox_messages.lease_token, outbox_messages.cause_id, outbox_messages.trace_id`,
  );
  return rows
    .map((row) => ({
      id: Number(row.id),
      eventId: row.event_id,
      channel: row.channel,
      type: row.type,
      orderingKey: row.ordering_key,
      payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as EventEnvelope,
      createdAt: new Date(row.created_at),
      attempts: row.attempts,
      leaseToken: row.lease_token,
      causeId: row.cause_id,
      traceId: row.trace_id,
    }))
    .sort((a, b) => a.id - b.id);
}

/** Marks messages of one claim delivered, those whose lease is still this holder's, in one statement. */
export async function markDelivered(db: Db, messages: OutboxMessage[]): Promise<void> {
  const first = messages[0];
  if (!first) return;
  const ids = sql.join(messages.map((message) => sql`${message.id}`), sql`, `);
  await db.execute(sql`update outbox_messages
    set delivered_at = now(), attempts = attempts + 1, last_attempt_at = now(), last_error = null, leased_until = null, lease_token = null
    where id in (${ids}) and lease_token = ${first.leaseToken}`);
}

/** Records a failed attempt and when to try again. */
export async function markFailed(db: Db, message: OutboxMessage, error: string, retryInMs: number): Promise<void> {
  await db.execute(sql`update outbox_messages
    set attempts = attempts + 1, last_attempt_at = now(), last_error = ${error.slice(0, 1000)},
      next_attempt_at = now() + make_interval(secs => ${retryInMs / 1000}), leased_until = null, lease_token = null
    where id = ${message.id} and lease_token = ${message.leaseToken}`);
}
