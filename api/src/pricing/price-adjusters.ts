import { contractPriceAdjuster } from './contract-price/contract-price';
import type { PriceAdjuster } from './price-adjuster';
import { priceRulesAdjuster } from './price-rules/price-rules-adjuster';

/**
 * The adjusters every price goes through, in this order (docs/pricing.md): each one sees the unit price the ones
 * before it left. A new adjuster is one folder under pricing/ and one line here.
 */
const adjusters: PriceAdjuster[] = [contractPriceAdjuster, priceRulesAdjuster];

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
