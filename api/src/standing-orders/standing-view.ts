import type { PricedEntry } from '../carts/cart-prices';
import { entryView } from '../carts/cart-view';
import { lineProblem } from '../carts/sellable';
import { cartProblemToApiError } from '../carts/problem-answers';
import { formatLondonIso } from '../time/london-time';
import { money } from '../pricing/money';
import { priceContext } from '../pricing/price-adjuster';
import { priceCharges, rowTotals } from '../pricing/price-lines';
import type { ShipToScope } from '../accounts/ship-tos';
import type { IsoDate } from '../time/calendar-date';
import { BANK_HOLIDAY_SKIP, type ScheduledDelivery } from './schedule';
import type { DeliveryRecord, ScopedStandingOrder } from './standing-queries';

export type DeliveryState = 'scheduled' | 'skipped' | 'placed' | 'failed';

/** A line as cart entries show it, with the product's price for the sold-to now. */
export function lineView(entry: PricedEntry) {
  const view = entryView(entry);
  return { ...view, product: { ...view.product, price: { ...money(entry.unitPricePence), priceType: 'BUY' as const } } };
}

/**
 * Net, VAT and gross of lines at today's prices, under the names a cart uses, with the delivery charge each order
 * will pay below the ship-to's minimum order (docs/minimum-order.md), as checkout will add it.
 */
function totalsView(entries: PricedEntry[], scope: ShipToScope, deliveryDate: IsoDate | null) {
  const { goods, charges, totals } = priceCharges(priceContext(scope, deliveryDate), rowTotals(entries));
  return {
    totalItems: entries.length,
    subTotal: money(goods.netPence),
    deliveryCost: money(charges.reduce((sum, charge) => sum + charge.netPence, 0)),
    totalPrice: money(totals.netPence),
    totalTax: money(totals.vatPence),
    totalPriceWithTax: money(totals.grossPence),
  };
}

export interface UnavailableLine {
  productCode: string;
  name: string;
  reason: string;
}

/** Lines that can still be ordered, and those that cannot (no longer sold): reported, never silently dropped. */
export function splitSellable<L extends PricedEntry>(entries: L[], range: string): { sellable: L[]; unavailable: UnavailableLine[] } {
  const sellable: L[] = [];
  const unavailable: UnavailableLine[] = [];
  for (const entry of entries) {
    const problem = lineProblem(entry.productCode, { ...entry, code: entry.productCode }, range, entry.quantity);
    if (problem) unavailable.push({ productCode: entry.productCode, name: entry.name, reason: cartProblemToApiError(problem).message });
    else sellable.push(entry);
  }
  return { sellable, unavailable };
}

export const NOT_ACTIVE_AT_CUTOFF = 'Not ordered: the cut-off passed before the standing order was made or resumed';

/**
 * A delivery's state. One whose cut-off came before the standing order was made or last resumed is never
 * ordered (paused at its cut-off, or made too late for it), and says so.
 */
function stateOf(delivery: ScheduledDelivery, record: DeliveryRecord | undefined, activeSince: Date): { state: DeliveryState; problem: string | null } {
  if (record?.orderId) return { state: 'placed', problem: null };
  if (delivery.holidaySkipped) return { state: 'skipped', problem: BANK_HOLIDAY_SKIP };
  if (record?.skipped) return { state: 'skipped', problem: null };
  if (record?.problem) return { state: 'failed', problem: record.problem };
  if (delivery.cutoff.getTime() <= activeSince.getTime()) return { state: 'skipped', problem: NOT_ACTIVE_AT_CUTOFF };
  return { state: 'scheduled', problem: null };
}

export function deliveryView(delivery: ScheduledDelivery, record: DeliveryRecord | undefined, activeSince: Date) {
  return {
    date: delivery.date,
    movedFrom: delivery.movedFrom,
    cutoff: formatLondonIso(delivery.cutoff),
    ...stateOf(delivery, record, activeSince),
    orderCode: record?.orderCode ?? null,
    changed: Boolean(record?.lines),
  };
}

export type DeliveryView = ReturnType<typeof deliveryView>;

/** One delivery with the lines it will be (or was) ordered with: its own or the standing lines. */
export function deliveryDetailView({ standingOrder, scope }: ScopedStandingOrder, delivery: ScheduledDelivery, record: DeliveryRecord | undefined, entries: PricedEntry[]) {
  const { sellable, unavailable } = splitSellable(entries, scope.range);
  return { ...deliveryView(delivery, record, standingOrder.activeSince), lines: sellable.map(lineView), ...totalsView(sellable, scope, delivery.date), unavailable };
}

export function standingOrderView({ standingOrder, scope }: ScopedStandingOrder, lines: PricedEntry[], nextDeliveries: DeliveryView[]) {
  // The totals are those of the lines each order will have: lines no longer sold are left out of them.
  const { sellable, unavailable } = splitSellable(lines, scope.range);
  return {
    code: standingOrder.code,
    name: standingOrder.name,
    shipTo: scope.shipToCode,
    salesOrg: scope.range,
    weekdays: standingOrder.weekdays,
    startDate: standingOrder.startDate,
    endDate: standingOrder.endDate,
    purchaseOrderNumber: standingOrder.purchaseOrderNumber,
    /** The account's rule: its forms say whether the PO number is optional. */
    purchaseOrderRequired: scope.purchaseOrderRequired,
    deliveryInstructions: standingOrder.deliveryInstructions,
    status: standingOrder.status,
    /** Whether its deliveries wait for, or were given, approval (docs/approvals.md "Standing orders"). */
    approval: { status: standingOrder.approvalStatus, approvedTotal: standingOrder.approvedNetPence === null ? null : money(standingOrder.approvedNetPence) },
    lines: lines.map(lineView),
    ...totalsView(sellable, scope, null),
    unavailable,
    nextDeliveries,
  };
}
