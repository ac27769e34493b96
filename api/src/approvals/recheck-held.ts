import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { orderLines, orders } from '../db/schema';
import { moveOrder } from '../order-status/move-order';
import { orderCutoff } from '../orders/order-cutoff';
import { orderEvent } from '../orders/order-event';
import { writeEvent } from '../outbox/write-event';
import { checkLimits, orderToCheck } from './limit-check';
import { lockHeldOrders } from './decisions';

export interface Rechecked {
  /** The held orders placed because they now pass no limit. */
  placed: string[];
  /** The held orders still over a limit, with their reasons as they stand now. */
  stillHeld: string[];
}

/**
 * After a sold-to's limits change: each of its held orders whose cut-off has not passed is checked again
 * against the limits as they now stand (docs/approvals.md "Limits"). One that passes none any more is placed,
 * as an approval places it (order.placed, so the ERP and the buyer hear of it now); the others keep the
 * reasons of now, so a decider never sees a limit that no longer exists or an amount it no longer has. A
 * buyer disabled since keeps their order held: nobody places an order for them. The orders are locked
 * (FOR UPDATE) first, as a decision or an amendment locks them, then checked in ship-to order.
 */
export async function recheckHeldOrders(tx: Tx, soldTo: string, now: Date): Promise<Rechecked> {
  const held = await lockHeldOrders(tx, and(eq(orders.soldToCode, soldTo), eq(orders.status, 'pendingApproval')));
  const result: Rechecked = { placed: [], stillHeld: [] };
  for (const one of held) {
    // Past its cut-off it can no longer be placed: the sweep expires it.
    if (now.getTime() >= orderCutoff(one.order.deliveryDate, one.cutoffTime).getTime()) continue;
    const reasons = await checkLimits(tx, orderToCheck(one.order));
    const [checked] = await tx.update(orders).set({ approvalReasons: reasons }).where(eq(orders.id, one.order.id)).returning();
    if (!checked) throw new Error(`order ${one.order.code} vanished while locked`);
    if (reasons.length > 0 || one.buyerStatus !== 'active') {
      result.stillHeld.push(checked.code);
      continue;
    }
    const moved = await moveOrder(tx, checked, 'placed', { changedBy: 'system:limit-change', operatorId: null }, null);
    if (!moved.ok) throw new Error(`held order ${checked.code} could not be placed: ${moved.problem.kind}`);
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, checked.id)).orderBy(asc(orderLines.lineNumber));
    await writeEvent(tx, orderEvent('order.placed', { order: moved.value.order, shipToName: one.shipToName, cutoffTime: one.cutoffTime, lines }, one.placedBy));
    result.placed.push(checked.code);
  }
  return result;
}

/** How many held orders a limit holds now (those whose reasons name it): what changing or removing it re-checks. */
export const heldByLimit = (limitCode: ReturnType<typeof sql>) =>
  sql<number>`(select count(*)::int from ${orders} o where o.status = 'pendingApproval' and o.approval_reasons @> jsonb_build_array(jsonb_build_object('limit', ${limitCode})))`;
