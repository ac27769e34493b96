import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog, outboxMessages } from '../db/schema';
import { OUTBOX_NOTIFY_CHANNEL } from './write-event';

/** After this many failed attempts in a row a message is shown to operators as failing (it is still retried). */
export const FAILING_AFTER_ATTEMPTS = 3;

export interface FailingMessage {
  id: number;
  eventId: string;
  channel: string;
  type: string;
  /** The ordering key, under the name the back office reads: an order's code (a reminder's is `SO-…/date`). */
  /** The ordering key: an order's code, or a standing order's code and delivery date for its reminder. */
  key: string;
  attempts: number;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string;
  createdAt: string;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Undelivered messages that keep failing, oldest first (the ones holding up their order's later events). */
export async function failingMessages(db: Db, limit: number): Promise<FailingMessage[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(and(isNull(outboxMessages.deliveredAt), gte(outboxMessages.attempts, FAILING_AFTER_ATTEMPTS)))
    .orderBy(outboxMessages.id)
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    eventId: row.eventId,
    channel: row.channel,
    type: row.type,
    key: row.orderingKey,
    attempts: row.attempts,
    lastError: row.lastError,
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** How many messages wait for delivery per channel, and how many of them are failing. */
export async function outboxBacklog(db: Db): Promise<{ channel: string; waiting: number; failing: number }[]> {
  const rows = await db
    .select({
      channel: outboxMessages.channel,
      waiting: sql<number>`count(*)::int`,
      failing: sql<number>`(count(*) filter (where ${outboxMessages.attempts} >= ${FAILING_AFTER_ATTEMPTS}))::int`,
    })
    .from(outboxMessages)
    .where(isNull(outboxMessages.deliveredAt))
    .groupBy(outboxMessages.channel)
    .orderBy(outboxMessages.channel);
  return rows.map((row) => ({ channel: row.channel, waiting: Number(row.waiting), failing: Number(row.failing) }));
}

/**
 * An operator's "retry now": the message is due at once instead of at the end of its backoff, and the
 * dispatchers are woken on commit. False when there is no such undelivered message (delivered meanwhile, or
 * never existed).
 */
export async function retryNow(db: Db, id: number, operatorId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(outboxMessages)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(eq(outboxMessages.id, id), isNull(outboxMessages.deliveredAt)))
      .returning({ eventId: outboxMessages.eventId, channel: outboxMessages.channel, attempts: outboxMessages.attempts });
    const message = updated[0];
    if (!message) return false;
    await tx.insert(auditLog).values({ operatorId, action: 'outbox.retry', subject: `outbox:${message.eventId}:${message.channel}`, before: { attempts: message.attempts }, after: null });
    await tx.execute(sql`select pg_notify(${OUTBOX_NOTIFY_CHANNEL}, ${message.channel})`);
    return true;
  });
}

