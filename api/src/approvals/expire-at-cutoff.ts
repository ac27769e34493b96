import { and, eq, lte } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { orders, shipTos } from '../db/schema';
import { moveOrder } from '../order-status/move-order';
import type { OrderStatus } from '../order-status/order-status';
import { orderCutoff } from '../orders/order-cutoff';
import { addDays } from '../time/calendar-date';
import { londonDate } from '../time/london-time';
import type { Cause } from '../tracing/cause';
import { lockOrderByCode } from './decisions';

/**
 * A cut-off falls at most this many days before its delivery date (the working day before, across a long
 * bank-holiday weekend): held orders delivered later cannot have passed theirs yet.
 */
const CUTOFF_LEAD_DAYS = 7;

/** A status orders are held in before the ERP hears of them, and how a hold's own record says it expired. */
export interface HeldStatus {
  status: Extract<OrderStatus, 'pendingApproval' | 'awaitingCredit'>;
  recordExpiry(tx: Tx, orderId: number, now: Date): Promise<unknown>;
}

/**
 * Expires every order held in `held.status` whose cut-off has passed undecided (docs/approvals.md "Deadlines"):
 * each in its own transaction, locked and checked again there, so of any number of processes sweeping at once,
 * and of a decision racing the cut-off, exactly one moves it. The buyer is told by the reaction to the move; the
 * ERP never heard of it. Answers how many it expired.
 */
export async function expireAtCutoff(db: Db, held: HeldStatus, now: Date, cause?: Cause): Promise<number> {
  const horizon = addDays(londonDate(now), CUTOFF_LEAD_DAYS);
  const candidates = await db
    .select({ code: orders.code, deliveryDate: orders.deliveryDate, cutoffTime: shipTos.cutoffTime })
    .from(orders)
    .innerJoin(shipTos, eq(shipTos.code, orders.shipToCode))
    .where(and(eq(orders.status, held.status), lte(orders.deliveryDate, horizon)));
  let expired = 0;
  for (const candidate of candidates) {
    if (now.getTime() < orderCutoff(candidate.deliveryDate, candidate.cutoffTime).getTime()) continue;
    if (await expireOne(db, held, candidate.code, now, cause)) expired++;
  }
  return expired;
}

async function expireOne(db: Db, held: HeldStatus, code: string, now: Date, cause: Cause | undefined): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = await lockOrderByCode(tx, code);
    // Decided, or expired by another process, since it was listed.
    if (!locked || locked.order.status !== held.status) return false;
    if (now.getTime() < orderCutoff(locked.order.deliveryDate, locked.cutoffTime).getTime()) return false;
    const moved = await moveOrder(tx, locked, 'expired', { changedBy: 'system:cut-off', operatorId: null, cause: 'cutoff', trace: cause }, null);
    if (!moved.ok) return false;
    await held.recordExpiry(tx, locked.order.id, now);
    return true;
  });
}
