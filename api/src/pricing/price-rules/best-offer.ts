import type { Adjustment } from '../price-adjuster';
import { promotionUnit, type PromotionOffer } from './promotion-price';
import { reachedTier, type VolumeTier } from './volume-tiers';

/** Whether promotion `a` wins a tie against `b`: the one that ends first, then the lowest code. */
const winsTie = (a: PromotionOffer, b: PromotionOffer): boolean => a.validTo < b.validTo || (a.validTo === b.validTo && a.code < b.code);

/**
 * The one offer a line gets (docs/pricing.md "The best single offer"): of its volume break and each promotion it
 * qualifies for, the one that leaves the lowest case price; on a tie the volume break, then the promotion that
 * ends first, then the lowest code. Never two: offers do not stack. Null when none lowers the regular price.
 */
export function bestOffer(regular: number, quantity: number, tiers: readonly VolumeTier[], offers: readonly PromotionOffer[]): Adjustment | null {
  const tier = reachedTier(tiers, quantity);
  let bestUnit = tier && tier.unit < regular ? tier.unit : regular;
  let bestPromotion: PromotionOffer | null = null;
  for (const offer of offers) {
    const unit = promotionUnit(offer, regular, quantity);
    if (unit === null || unit > bestUnit || unit === regular) continue;
    // An equal price keeps the break, or the promotion that wins the tie.
    if (unit === bestUnit && (bestPromotion === null || !winsTie(offer, bestPromotion))) continue;
    bestUnit = unit;
    bestPromotion = offer;
  }
  if (bestPromotion) return { kind: 'promotion', source: bestPromotion.code, name: bestPromotion.name, endsOn: bestPromotion.validTo, amount: bestUnit - regular };
  if (tier && tier.unit < regular) return { kind: 'volumeTier', source: `${tier.soldTo ?? 'all'}:${tier.minQuantity}`, name: `${tier.minQuantity}+ cases`, amount: tier.unit - regular };
  return null;
}
