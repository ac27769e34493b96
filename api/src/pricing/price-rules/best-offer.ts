import type { Adjustment } from '../price-adjuster';
import { promotionUnit, type PromotionOffer } from './promotion-price';
import { reachedTier, type VolumeTier } from './volume-tiers';

interface Candidate {
  unit: number | null;
  adjustment: Omit<Adjustment, 'amount'>;
}

/**
 * The one offer a line gets (docs/pricing.md "The best single offer"): of its volume break and each promotion it
 * qualifies for, the one that leaves the lowest case price; on a tie the volume break, then the promotion that
 * ends first, then the lowest code. Never two: offers do not stack. Null when none lowers the regular price.
 */
export function bestOffer(regular: number, quantity: number, tiers: readonly VolumeTier[], offers: readonly PromotionOffer[]): Adjustment | null {
  const tier = reachedTier(tiers, quantity);
  const candidates: Candidate[] = [
    ...(tier ? [{ unit: tier.unit, adjustment: { kind: 'volumeTier', source: `${tier.soldTo ?? 'all'}:${tier.minQuantity}`, name: `${tier.minQuantity}+ cases` } }] : []),
    ...[...offers]
      .sort((a, b) => a.validTo.localeCompare(b.validTo) || a.code.localeCompare(b.code))
      .map((offer) => ({ unit: promotionUnit(offer, regular, quantity), adjustment: { kind: 'promotion', source: offer.code, name: offer.name, endsOn: offer.validTo } })),
  ];
  let best: { unit: number; adjustment: Candidate['adjustment'] } | null = null;
  for (const { unit, adjustment } of candidates) {
    if (unit !== null && unit < regular && (best === null || unit < best.unit)) best = { unit, adjustment };
  }
  return best && { ...best.adjustment, amount: best.unit - regular };
}
