import { formatPence } from '../money';
import type { Charge, ChargeAdjuster, GoodsTotals, MinimumOrderTerms } from '../price-adjuster';

/** The kind of the delivery charge among an order's charges, as the order and the ERP payload name it. */
export const DELIVERY_CHARGE = 'deliveryCharge';

/**
 * Where an order's goods stand against its ship-to's minimum (docs/minimum-order.md): null when there is no
 * minimum, the cart is empty or the goods reach it (exactly at the minimum is enough); else the minimum, how
 * much more reaches it, and whether the order is charged for delivery or refused.
 */
type MinimumOrderShortfall =
  | { belowMinimum: 'charge'; minimumOrderPence: number; shortPence: number; deliveryChargePence: number }
  | { belowMinimum: 'refuse'; minimumOrderPence: number; shortPence: number };

export function minimumOrderShortfall(terms: MinimumOrderTerms | undefined, goodsNetPence: number): MinimumOrderShortfall | null {
  if (!terms || terms.minimumOrderPence === null || terms.belowMinimum === null) return null;
  // An empty cart delivers nothing: it is neither charged nor refused for the minimum (checkout refuses it anyway).
  if (goodsNetPence <= 0 || goodsNetPence >= terms.minimumOrderPence) return null;
  const shortPence = terms.minimumOrderPence - goodsNetPence;
  if (terms.belowMinimum === 'refuse') return { belowMinimum: 'refuse', minimumOrderPence: terms.minimumOrderPence, shortPence };
  if (terms.deliveryChargePence === null) return null;
  return { belowMinimum: 'charge', minimumOrderPence: terms.minimumOrderPence, shortPence, deliveryChargePence: terms.deliveryChargePence };
}

/** What the cart says below the minimum, word for word as the issue gives it. */
export function shortfallMessage(shortfall: MinimumOrderShortfall): string {
  const more = formatPence(shortfall.shortPence);
  return shortfall.belowMinimum === 'charge'
    ? `Add ${more} more to avoid the ${formatPence(shortfall.deliveryChargePence)} delivery charge`
    : `Minimum order for this delivery is ${formatPence(shortfall.minimumOrderPence)} — add ${more} more`;
}

/**
 * The VAT on a delivery charge follows the goods it delivers: a mixed load is apportioned by value, so the charge
 * bears the goods' own share of VAT (their VAT over their net), rounded half up to the penny.
 */
export function deliveryChargeVat(chargePence: number, goods: GoodsTotals): number {
  if (goods.netPence <= 0) return 0;
  return Math.floor((2 * chargePence * goods.vatPence + goods.netPence) / (2 * goods.netPence));
}

/** The delivery charge as a pipeline step: after every line adjuster, on the net value of the goods. */
export const deliveryChargeAdjuster: ChargeAdjuster = {
  kind: DELIVERY_CHARGE,
  charge(context, goods): Charge | null {
    const shortfall = minimumOrderShortfall(context.minimumOrder, goods.netPence);
    if (shortfall?.belowMinimum !== 'charge') return null;
    const netPence = shortfall.deliveryChargePence;
    return { kind: DELIVERY_CHARGE, name: 'Delivery charge', netPence, vatPence: deliveryChargeVat(netPence, goods) };
  },
};
