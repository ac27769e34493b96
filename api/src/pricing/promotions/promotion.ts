import type { promotions } from '../../db/schema';

/** What a promotion takes off (docs/pricing.md "Promotions"). */
export const PROMOTION_KINDS = ['percentOff', 'amountOff', 'fixedPrice', 'buyXGetY'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** Who may have it: everyone, the sold-tos named, or the sold-tos in the customer groups named. */
export const PROMOTION_AUDIENCES = ['all', 'soldTos', 'groups'] as const;
export type PromotionAudience = (typeof PROMOTION_AUDIENCES)[number];

/** What it is on: the products named, or every product in the categories named (a category and those below it). */
export const PROMOTION_TARGETS = ['products', 'categories'] as const;
export type PromotionTarget = (typeof PROMOTION_TARGETS)[number];

/** A promotion as stored. */
export type PromotionRow = typeof promotions.$inferSelect;

/**
 * Where a promotion stands on a day (London): scheduled before `validFrom`, live through `validTo`, ended after
 * it or once ended early.
 */
export type PromotionStatus = 'scheduled' | 'live' | 'ended';

/** What an operator decides of a promotion, and its version: the audit's entry and the back office's view share it. */
export const promotionFields = (row: PromotionRow) => ({
  name: row.name,
  kind: row.kind,
  value: row.value,
  buyQuantity: row.buyQuantity,
  freeQuantity: row.freeQuantity,
  minQuantity: row.minQuantity,
  who: row.who,
  audience: row.audience,
  what: row.what,
  targets: row.targets,
  validFrom: row.validFrom,
  validTo: row.validTo,
  endedAt: row.endedAt?.toISOString() ?? null,
  version: row.version,
});

export function promotionStatus(row: Pick<PromotionRow, 'validFrom' | 'validTo' | 'endedAt'>, today: string): PromotionStatus {
  if (row.endedAt !== null || row.validTo < today) return 'ended';
  return row.validFrom > today ? 'scheduled' : 'live';
}
