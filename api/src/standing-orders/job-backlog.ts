import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * The scheduler's backlog, for the metrics (docs/metrics.md): `due` counts the jobs a pass would take now (not
 * done, due time reached, standing order active, retries whose wait is over included); `late` those of them due
 * for longer than `lateAfterMs`, which a working scheduler would already have taken.
 */
export interface JobBacklog {
  due: number;
  late: number;
}

export async function jobBacklog(db: Db, now: Date, lateAfterMs: number): Promise<JobBacklog> {
  const lateBefore = new Date(now.getTime() - lateAfterMs);
  const result = (await db.execute(sql`select count(*)::int as due, count(*) filter (where j.due_at <= ${lateBefore.toISOString()}::timestamptz)::int as late
    from standing_order_jobs j join standing_orders s on s.id = j.standing_order_id
    where j.done_at is null and j.due_at <= ${now.toISOString()}::timestamptz and s.status = 'active'`)) as unknown as { rows: { due: number; late: number }[] };
  const row = result.rows[0];
  return { due: Number(row?.due ?? 0), late: Number(row?.late ?? 0) };
}
