import { eq, sql } from 'drizzle-orm';
import type { ShipToScope } from '../accounts/ship-tos';
import type { PricedEntry } from '../carts/cart-prices';
import type { Tx } from '../db/client';
import { standingOrders, users } from '../db/schema';
import { formatPence } from '../pricing/money';
import { priceContext } from '../pricing/price-adjuster';
import { rowTotals } from '../pricing/price-lines';
import { splitSellable } from './standing-view';
import { standingLines, type StandingOrderRow } from './standing-queries';
import { writeStandingApprovalRequests } from '../approvals/approval-mail';
import type { Cause } from '../tracing/cause';
import { checkLimits } from '../spending-limits/limit-check';

export const WAITING_FOR_APPROVAL = 'Not ordered: the standing order is waiting for approval';
export const NOT_APPROVED = 'Not ordered: the standing order was not approved';

/** A delivery may cost up to this much more than the approved total, in percent, and still be placed. */
export const APPROVED_MARGIN_PERCENT = 10;

/** The net total of a delivery's lines that can be ordered, at the prices given (today's). */
export function sellableNet(entries: PricedEntry[], range: string): number {
  const { sellable } = splitSellable(entries, range);
  return rowTotals(sellable).netPence;
}

/**
 * Why a standing order's delivery of `netPence` may not be placed for want of approval (docs/approvals.md
 * "Standing orders"), as its page and reminder say it; null when it may.
 */
export function standingApprovalProblem(standingOrder: Pick<StandingOrderRow, 'approvalStatus' | 'approvedNetPence'>, netPence: number): string | null {
  switch (standingOrder.approvalStatus) {
    case 'pending':
      return WAITING_FOR_APPROVAL;
    case 'rejected':
      return NOT_APPROVED;
    case 'approved': {
      const approved = standingOrder.approvedNetPence ?? 0;
      // More than 10 % over, in integer pence: net > approved × 1.1.
      if (netPence * 100 > approved * (100 + APPROVED_MARGIN_PERCENT)) {
        return `Not ordered: this delivery's total of ${formatPence(netPence)} is more than ${APPROVED_MARGIN_PERCENT} % over the approved ${formatPence(approved)}`;
      }
      return null;
    }
    default:
      return null;
  }
}

/**
 * Checks a standing order just made, or whose lines just changed, against the per-order limits of its ship-to
 * and owner: a delivery total over one needs approval once (pending, the deciders are asked); otherwise none
 * is needed. Week and month budgets are counted by the orders its deliveries place, not here. Answers the
 * standing order as it now stands.
 */
export async function reviewStandingOrder(tx: Tx, standingOrder: StandingOrderRow, scope: ShipToScope, cause: Cause): Promise<StandingOrderRow> {
  const lines = (await standingLines(tx, [standingOrder.id], priceContext(scope, null))).get(standingOrder.id) ?? [];
  const [owner] = await tx.select({ name: users.name }).from(users).where(eq(users.id, standingOrder.userId));
  if (!owner) throw new Error(`the owner of standing order ${standingOrder.code} vanished`);
  const netPence = sellableNet(lines, scope.range);
  const reasons = (
    await checkLimits(tx, { soldTo: scope.soldToCode, shipTo: scope.shipToCode, userId: standingOrder.userId, deliveryDate: standingOrder.startDate, netPence, countedPence: 0 })
  ).filter((reason) => reason.type === 'orderThreshold');
  const approvalStatus = reasons.length > 0 ? 'pending' : 'notNeeded';
  const [row] = await tx
    .update(standingOrders)
    .set({ approvalStatus, approvedNetPence: sql`null` })
    .where(eq(standingOrders.id, standingOrder.id))
    .returning();
  if (!row) throw new Error(`standing order ${standingOrder.code} vanished while locked`);
  if (approvalStatus === 'pending') {
    await writeStandingApprovalRequests(tx, {
      standingOrder: row,
      soldToCode: scope.soldToCode,
      shipTo: { code: scope.shipToCode, name: scope.shipToName },
      buyer: owner.name,
      netPence,
      reasons,
      cause,
    });
  }
  return row;
}
