import { contractPriceAdjuster } from './contract-price/contract-price';
import { deliveryChargeAdjuster } from './delivery-charge/delivery-charge';
import type { ChargeAdjuster, PriceAdjuster } from './price-adjuster';
import { priceRulesAdjuster } from './price-rules/price-rules-adjuster';

/**
 * The adjusters every price goes through, in this order (docs/pricing.md): each one sees the unit price the ones
 * before it left. A new adjuster is one folder under pricing/ and one line here.
 */
const adjusters: PriceAdjuster[] = [contractPriceAdjuster, priceRulesAdjuster];

/** The steps on the order as a whole, after every line adjuster: the delivery charge below a minimum order. */
const chargeAdjusters: readonly ChargeAdjuster[] = [deliveryChargeAdjuster];

/** The charge adjusters in the order they apply. */
export const priceChargeAdjusters = (): readonly ChargeAdjuster[] => chargeAdjusters;

/** The adjusters in the order they apply. */
export const priceAdjusters = (): readonly PriceAdjuster[] => adjusters;

/** Adds an adjuster after those registered; answers the function that removes it again. */
export function registerPriceAdjuster(adjuster: PriceAdjuster): () => void {
  adjusters.push(adjuster);
  return () => {
    const at = adjusters.indexOf(adjuster);
    if (at >= 0) adjusters.splice(at, 1);
  };
}
