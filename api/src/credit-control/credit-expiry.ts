import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { creditHolds, orders, shipTos } from '../db/schema';
import { lockOrderByCode } from '../approvals/decisions';
import { everyPass, type JobRunner } from '../jobs/job-runner';
import { moveOrder } from '../order-status/move-order';
import { orderCutoff } from '../orders/order-cutoff';
import { addDays } from '../time/calendar-date';
import { londonWallClock } from '../time/london-time';
import type { Cause } from '../tracing/cause';

/** A cut-off falls at most this many days before its delivery date (the working day before, across a long bank-holiday weekend). */
const CUTOFF_LEAD_DAYS = 7;

/**
 * Expires every order still waiting for credit at its cut-off (docs/credit-control.md), as approval's held
 * orders expire: each in its own transaction, locked and checked again there, so of processes sweeping at once
 * and of a release racing the cut-off exactly one moves it. The buyer is told (credit-policy.ts); the ERP never
 * heard of it. Answers how many it expired.
 */
export async function expireCreditHolds(db: Db, now: Date, cause?: Cause): Promise<number> {
  const horizon = addDays(londonWallClock(now).date, CUTOFF_LEAD_DAYS);
  const candidates = await db
    .select({ code: orders.code, deliveryDate: orders.deliveryDate, cutoffTime: shipTos.cutoffTime })
    .from(orders)
    .innerJoin(shipTos, eq(shipTos.code, orders.shipToCode))
    .where(and(eq(orders.status, 'awaitingCredit'), lte(orders.deliveryDate, horizon)));
  let expired = 0;
  for (const candidate of candidates) {
    if (now.getTime() < orderCutoff(candidate.deliveryDate, candidate.cutoffTime).getTime()) continue;
    if (await expireOne(db, candidate.code, now, cause)) expired++;
  }
  return expired;
}

async function expireOne(db: Db, code: string, now: Date, cause: Cause | undefined): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = await lockOrderByCode(tx, code);
    if (!locked || locked.order.status !== 'awaitingCredit') return false;
    if (now.getTime() < orderCutoff(locked.order.deliveryDate, locked.cutoffTime).getTime()) return false;
    const moved = await moveOrder(tx, locked, 'expired', { changedBy: 'system:cut-off', operatorId: null, cause: 'cutoff', trace: cause }, null);
    if (!moved.ok) return false;
    await tx.update(creditHolds).set({ decision: 'EXPIRE', decidedAt: now }).where(eq(creditHolds.orderId, locked.order.id));
    return true;
  });
}

/** Every pass, orders still waiting for credit at their cut-off expire. */
export function registerCreditExpiryJob(runner: JobRunner): void {
  runner.registerJob('credit expiry', {
    due: everyPass,
    idle: { expired: 0 },
    run: async ({ db, now, cause }) => ({ expired: await expireCreditHolds(db, now, cause) }),
  });
}
