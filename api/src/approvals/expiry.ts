import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { approvalDecisions, orders, shipTos } from '../db/schema';
import { addDays } from '../time/calendar-date';
import { londonWallClock } from '../time/london-time';
import { moveOrder } from '../order-status/move-order';
import { orderCutoff } from '../orders/order-cutoff';
import type { Cause } from '../tracing/cause';
import { lockOrderByCode } from './decisions';

/**
 * A cut-off falls at most this many days before its delivery date (the working day before, across a long
 * bank-holiday weekend): held orders delivered later cannot have passed theirs yet.
 */
const CUTOFF_LEAD_DAYS = 7;

/**
 * Expires every held order whose cut-off has passed undecided (docs/approvals.md "Deadlines"): each in its own
 * transaction, locked and checked again there, so of any number of processes sweeping at once, and of a
 * decision racing the cut-off, exactly one moves it. The buyer is e-mailed; the ERP never heard of it.
 * Answers how many it expired.
 */
export async function expireHeldOrders(db: Db, now: Date, cause?: Cause): Promise<number> {
  const horizon = addDays(londonWallClock(now).date, CUTOFF_LEAD_DAYS);
  const candidates = await db
    .select({ code: orders.code, deliveryDate: orders.deliveryDate, cutoffTime: shipTos.cutoffTime })
    .from(orders)
    .innerJoin(shipTos, eq(shipTos.code, orders.shipToCode))
    .where(and(eq(orders.status, 'pendingApproval'), lte(orders.deliveryDate, horizon)));
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
    // Decided, or expired by another process, since it was listed.
    if (!locked || locked.order.status !== 'pendingApproval') return false;
    if (now.getTime() < orderCutoff(locked.order.deliveryDate, locked.cutoffTime).getTime()) return false;
    // The buyer is told by approvals' reaction to the move (approval-process.ts).
    const moved = await moveOrder(tx, locked, 'expired', { changedBy: 'system:cut-off', operatorId: null, cause: 'cutoff', trace: cause }, null);
    if (!moved.ok) return false;
    await tx.insert(approvalDecisions).values({ orderId: locked.order.id, decision: 'EXPIRE', at: now });
    return true;
  });
}
