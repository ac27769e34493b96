import { recipientsFor } from '../approvals/approval-mail';
import { standingApprovalProblem } from './standing-approval';
import type { Tx } from '../db/client';
import { formatLondonIso } from '../time/london-time';
import { rowAmounts, rowTotals } from '../pricing/price-lines';
import { writeEvent } from '../outbox/write-event';
import type { Cause } from '../tracing/cause';
import type { DeliveryState } from './delivery-service';
import { deliveryPlaceable } from './place-delivery';
import { reminderEvent, type ReminderData } from './reminder-event';
import type { ScopedStandingOrder } from './standing-queries';
import { splitSellable } from './standing-view';
import type { PricedEntry } from '../carts/cart-prices';
import { levelsFromPairs } from '../stock/product-levels';
import { lineStockNotice } from '../stock/stock-notice';

/** What is left of a line's product for the delivery, where that is fewer cases than the line orders (docs/stock.md). */
function shortBy(entry: PricedEntry, date: string): { available?: number } {
  if (entry.stockLevels === null) return {};
  const notice = lineStockNotice(levelsFromPairs(entry.stockLevels), date, entry.quantity);
  return notice && notice.available < entry.quantity ? { available: notice.available } : {};
}

/**
 * Queues the reminder of one delivery to the standing order's owner, with the lines as they stand now; answers
 * whether it did. A disabled owner gets none: canPlace (orders/can-place.ts) refuses their orders, and they
 * can act on nothing. Any other problem (a PO now required, say) is still worth a reminder before the cut-off.
 */
export async function sendReminder(tx: Tx, scoped: ScopedStandingOrder, state: DeliveryState, cause: Cause): Promise<boolean> {
  const { standingOrder, scope } = scoped;
  const { delivery, entries } = state;
  const { owner, placeable } = await deliveryPlaceable(tx, scoped, state);
  if (!placeable.ok && placeable.problem.kind === 'ownerDisabled') return false;
  const { sellable, unavailable } = splitSellable(entries, scope.range);
  const lines = sellable.map((entry) => ({ entry, ...rowAmounts(entry) }));
  const totals = rowTotals(sellable);
  const problem = standingApprovalProblem(standingOrder, totals.netPence);
  const data: ReminderData = {
    standingOrder: { code: standingOrder.code, name: standingOrder.name },
    deliveryDate: delivery.date,
    movedFrom: delivery.movedFrom,
    cutoff: formatLondonIso(delivery.cutoff),
    shipTo: { code: scope.shipToCode, name: scope.shipToName },
    recipient: { name: owner.name, email: owner.email, userId: owner.id },
    lines: lines.map(({ entry, netPence }) => ({
      productCode: entry.productCode,
      name: entry.name,
      packSize: entry.packSize,
      quantity: entry.quantity,
      unitPricePence: entry.unitPricePence,
      netPence,
      ...shortBy(entry, delivery.date),
    })),
    unavailable,
    ...totals,
    ...(problem ? { approval: { problem, decider: null } } : {}),
  };
  await writeEvent(tx, reminderEvent(data, cause));
  // Not ordered for want of approval: its deciders hear of it too, while they can still act.
  if (problem) {
    for (const decider of await recipientsFor(tx, { soldToCode: scope.soldToCode, userId: standingOrder.userId })) {
      await writeEvent(tx, reminderEvent({ ...data, recipient: { name: decider.name, email: decider.email }, approval: { problem, decider: { userId: decider.userId } } }, cause));
    }
  }
  return true;
}
