import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Channel } from './event-types';

export interface ChannelBacklog {
  channel: Channel;
  /** Messages not yet delivered (waiting for their turn, their retry or a receiver). */
  waiting: number;
  /** Seconds since the oldest of them was written; 0 when none waits. */
  oldestAgeSeconds: number;
}

/** The undelivered messages per channel, read from the partial indexes on undelivered rows. */
export async function outboxBacklog(db: Db): Promise<ChannelBacklog[]> {
  const result = (await db.execute(sql`select channel, count(*)::int as waiting,
      coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
    from outbox_messages where delivered_at is null group by channel`)) as unknown as { rows: { channel: Channel; waiting: number; oldest: number }[] };
  return result.rows.map((row) => ({ channel: row.channel, waiting: Number(row.waiting), oldestAgeSeconds: Math.max(0, Number(row.oldest)) }));
}
