import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { orders } from '../db/schema';
import { requestPlacement } from '../order-status/request-placement';
import { orderCutoff } from '../orders/order-cutoff';
import type { Cause } from '../tracing/cause';
import { lockHeldOrders } from './decisions';

export interface Rechecked {
  /** The held orders placed because they now pass no limit. */
  placed: string[];
  /** The held orders still over a limit, with their reasons as they stand now. */
  stillHeld: string[];
}

/**
 * After a sold-to's limits change: each of its held orders whose cut-off has not passed is checked again
 * against the limits as they now stand (docs/approvals.md "Limits"), by asking the order process to place it
 * (order-status/request-placement.ts). One that passes every policy is placed, as an approval places it
 * (order.placed, so the ERP and the buyer hear of it now); the others keep the reasons of now, so a decider
 * never sees a limit that no longer exists or an amount it no longer has. One canPlace refuses (a buyer
 * disabled since) stays held: nobody places an order for them. The orders are locked
 * (FOR UPDATE) first, as a decision or an amendment locks them, then checked in ship-to order.
 */
export async function recheckHeldOrders(tx: Tx, soldTo: string, now: Date, cause: Cause): Promise<Rechecked> {
  const held = await lockHeldOrders(tx, and(eq(orders.soldToCode, soldTo), eq(orders.status, 'pendingApproval')));
  const result: Rechecked = { placed: [], stillHeld: [] };
  for (const one of held) {
    // Past its cut-off it can no longer be placed: the sweep expires it.
    if (now.getTime() >= orderCutoff(one.order.deliveryDate, one.cutoffTime).getTime()) continue;
    const by = { changedBy: 'system:limit-change', operatorId: null, cause: 'limitChange' as const, trace: cause };
    const placed = await requestPlacement(tx, { ...one, from: one.order.status, by, note: null });
    if (placed.ok && placed.value.status === 'placed') result.placed.push(one.order.code);
    else result.stillHeld.push(one.order.code);
    // Held by no limit but not placeable (canPlace: a buyer disabled since): it waits, over no limit any more.
    if (!placed.ok) await tx.update(orders).set({ approvalReasons: [] }).where(eq(orders.id, one.order.id));
  }
  return result;
}

/** How many held orders a limit holds now (those whose reasons name it): what changing or removing it re-checks. */
export const heldByLimit = (limitCode: ReturnType<typeof sql>) =>
  sql<number>`(select count(*)::int from ${orders} o where o.status = 'pendingApproval' and o.approval_reasons @> jsonb_build_array(jsonb_build_object('limit', ${limitCode})))`;
