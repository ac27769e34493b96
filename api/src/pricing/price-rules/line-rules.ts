import type { DatedPrice } from './dated-price';
import type { PromotionOffer } from './promotion-price';
import type { VolumeTier } from './volume-tiers';

/**
 * What may vary one product's price for one sold-to: what the rules adjuster works from. It picks by the
 * delivery date itself, so rules of other dates may be among them (the process's copy holds every date).
 */
export interface LineRules {
  /** Dated prices, the list's and the sold-to's own. */
  dated: readonly DatedPrice[];
  /** Volume breaks, everyone's and the sold-to's own. */
  tiers: readonly VolumeTier[];
  /** Promotions on the product (or a category above it) the sold-to may have, not ended early. */
  promotions: readonly PromotionOffer[];
}

export const NO_RULES: LineRules = Object.freeze({ dated: [], tiers: [], promotions: [] });

/** What finds a line's rules: its product and the category it sits in (a promotion may be on a category above). */
export interface RuledProduct {
  code: string;
  categoryId: string;
}

/** The rules of the products asked about, by product code (a Map, or the process's copy's own memo). */
export interface RulesLookup {
  get(code: string): LineRules | undefined;
}
