import type { IsoDate } from '../../time/calendar-date';
import type { PromotionKind } from '../promotions/promotion';

/** A promotion as pricing needs it (pricing/promotions/promotion.ts has the stored form). */
export interface PromotionOffer {
  code: string;
  name: string;
  kind: PromotionKind;
  value: number;
  buyQuantity: number | null;
  freeQuantity: number | null;
  minQuantity: number;
  validFrom: IsoDate;
  validTo: IsoDate;
}

/**
 * A case's price under a promotion, from the customer's regular price for the day, in whole pence; null where
 * the line does not qualify (below the minimum, or too few cases for a free one). Rounding (docs/pricing.md):
 * a percentage off is rounded half up to the penny; buy X get Y free spreads the free cases over the line and
 * rounds the case price down, in the customer's favour. No price goes below nothing.
 */
export function promotionUnit(offer: PromotionOffer, regular: number, quantity: number): number | null {
  if (quantity < offer.minQuantity) return null;
  switch (offer.kind) {
    case 'percentOff':
      return regular - Math.floor((regular * offer.value + 5000) / 10_000);
    case 'amountOff':
      return Math.max(0, regular - offer.value);
    case 'fixedPrice':
      return offer.value;
    case 'buyXGetY': {
      const buy = offer.buyQuantity ?? 0;
      const free = offer.freeQuantity ?? 0;
      const freeCases = Math.floor(quantity / (buy + free)) * free;
      return freeCases === 0 ? null : Math.floor((regular * (quantity - freeCases)) / quantity);
    }
  }
}
