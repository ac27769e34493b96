import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import { standingOrderJobs, standingOrders } from '../db/schema';
import { addDays, type IsoDate } from '../time/calendar-date';
import { londonWallClock } from '../time/london-time';
import { deliveriesFrom, reminderDue } from './schedule';
import { activeStandingOrders, ruleOf, scheduleOf } from './standing-queries';

export type JobKind = 'reminder' | 'placement';

export interface ClaimedJob {
  standingOrderId: number;
  deliveryDate: IsoDate;
  kind: JobKind;
  attempts: number;
}

/** What a job did: it is marked done with it, except 'postponed' (its standing order was paused meanwhile). */
export type JobOutcome = 'sent' | 'placed' | 'failed' | 'skipped' | 'late' | 'obsolete' | 'postponed';

/**
 * Queues the reminder and the placement of every delivery of the active standing orders from today to the
 * horizon. The primary key (standing order, date, kind) makes this idempotent and safe in any number of
 * processes at once. A job still waiting whose due time the ship-to's cut-off or delivery days have since
 * moved (back office, customers import) is re-queued at the new time; one waiting after a failure keeps its
 * retry time (docs/decisions/003-standing-orders.md). A delivery whose cut-off came before the standing order was (re)activated is never
 * queued: it was paused at its cut-off. A reminder is queued only while there is still time to act on it.
 */
export async function queueComingJobs(db: Db, now: Date, horizonDays: number): Promise<void> {
  const today = londonWallClock(now).date;
  const until = addDays(today, horizonDays);
  const rows: (typeof standingOrderJobs.$inferInsert)[] = [];
  for (const scoped of await activeStandingOrders(db)) {
    const { standingOrder } = scoped;
    for (const delivery of deliveriesFrom(ruleOf(standingOrder), scheduleOf(scoped.scope), today, Number.MAX_SAFE_INTEGER, until)) {
      if (delivery.holidaySkipped || delivery.cutoff.getTime() <= standingOrder.activeSince.getTime()) continue;
      const job = { standingOrderId: standingOrder.id, deliveryDate: delivery.date };
      rows.push({ ...job, kind: 'placement', dueAt: delivery.cutoff });
      if (now.getTime() < delivery.cutoff.getTime()) rows.push({ ...job, kind: 'reminder', dueAt: reminderDue(delivery) });
    }
  }
  // Bounded statements, so thousands of standing orders never make one statement too large.
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500);
    await db.insert(standingOrderJobs).values(chunk).onConflictDoNothing();
    await requeueMoved(db, chunk);
  }
}

/**
 * Gives waiting jobs the due time their delivery has now. Rows another process holds (a job being done) are
 * skipped, never waited for: that job decides from the standing order as it is now anyway (run-job.ts).
 */
async function requeueMoved(db: Db, jobs: (typeof standingOrderJobs.$inferInsert)[]): Promise<void> {
  const wanted = sql.join(
    jobs.map((job) => sql`(${job.standingOrderId}::integer, ${job.deliveryDate}::date, ${job.kind}::text, ${job.dueAt.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    with moved as (
      select j.standing_order_id, j.delivery_date, j.kind, v.due_at
      from standing_order_jobs j
      join (values ${wanted}) as v (standing_order_id, delivery_date, kind, due_at)
        on j.standing_order_id = v.standing_order_id and j.delivery_date = v.delivery_date and j.kind = v.kind
      where j.done_at is null and j.attempts = 0 and j.due_at <> v.due_at
      for update of j skip locked
    )
    update standing_order_jobs j set due_at = moved.due_at
    from moved
    where j.standing_order_id = moved.standing_order_id and j.delivery_date = moved.delivery_date and j.kind = moved.kind`);
}

/**
 * Takes the oldest due job of an active standing order and holds its row until the transaction ends. SKIP
 * LOCKED lets other processes take the next one meanwhile; if this process dies, its transaction rolls back
 * and the job is due again for whoever comes next.
 */
export async function claimDueJob(tx: Tx, now: Date): Promise<ClaimedJob | undefined> {
  const rows = await tx
    .select({
      standingOrderId: standingOrderJobs.standingOrderId,
      deliveryDate: standingOrderJobs.deliveryDate,
      kind: standingOrderJobs.kind,
      attempts: standingOrderJobs.attempts,
    })
    .from(standingOrderJobs)
    .innerJoin(standingOrders, eq(standingOrders.id, standingOrderJobs.standingOrderId))
    .where(and(isNull(standingOrderJobs.doneAt), lte(standingOrderJobs.dueAt, now), eq(standingOrders.status, 'active')))
    .orderBy(asc(standingOrderJobs.dueAt))
    .limit(1)
    .for('update', { of: standingOrderJobs, skipLocked: true });
  const row = rows[0];
  return row && { ...row, kind: row.kind as JobKind };
}

const jobKey = (job: ClaimedJob) =>
  and(eq(standingOrderJobs.standingOrderId, job.standingOrderId), eq(standingOrderJobs.deliveryDate, job.deliveryDate), eq(standingOrderJobs.kind, job.kind));

/** Marks a job done in the transaction that did its work, so the work and the mark commit together or not at all. */
export async function markJobDone(tx: DbOrTx, job: ClaimedJob, outcome: JobOutcome, now: Date): Promise<void> {
  await tx.update(standingOrderJobs).set({ doneAt: now, outcome }).where(jobKey(job));
}

const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;

/** A job whose transaction failed is tried again later, waiting longer after each failure. */
export async function recordJobFailure(db: Db, job: ClaimedJob, error: unknown, now: Date): Promise<void> {
  const waitMs = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(job.attempts, 20));
  await db
    .update(standingOrderJobs)
    .set({
      attempts: sql`${standingOrderJobs.attempts} + 1`,
      lastError: error instanceof Error ? error.message.slice(0, 1000) : String(error).slice(0, 1000),
      dueAt: new Date(now.getTime() + waitMs),
    })
    .where(and(jobKey(job), isNull(standingOrderJobs.doneAt)));
}
