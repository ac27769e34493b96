import { and, asc, desc, eq, gt, gte, ilike, isNotNull, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { promotions } from '../../db/schema';
import { fail, ok, type Result } from '../../errors/result';
import { promotionFields, promotionStatus, type PromotionRow, type PromotionStatus } from '../../pricing/promotions/promotion';
import type { PromotionProblem } from '../../pricing/promotions/promotion-writer';

export interface PromotionFilter {
  status: PromotionStatus | 'all';
  q?: string;
  page: number;
  pageSize: number;
}

const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

/** A promotion as the back office reads it, with where it stands today (London). */
export const promotionView = (row: PromotionRow, today: string) => ({
  code: row.code,
  ...promotionFields(row),
  status: promotionStatus(row, today),
  updatedAt: row.updatedAt.toISOString(),
});

/** `promotionStatus` as a condition, so that the database filters and pages. */
function statusWhere(status: PromotionFilter['status'], today: string): SQL | undefined {
  switch (status) {
    case 'all':
      return undefined;
    case 'ended':
      return or(isNotNull(promotions.endedAt), lt(promotions.validTo, today));
    case 'scheduled':
      return and(isNull(promotions.endedAt), gt(promotions.validFrom, today));
    case 'live':
      return and(isNull(promotions.endedAt), lte(promotions.validFrom, today), gte(promotions.validTo, today));
  }
}

/** Promotions by status on `today` and by words in their code or name; the latest first. */
export async function listPromotions(db: DbOrTx, filter: PromotionFilter, today: string) {
  const pattern = filter.q ? likePattern(filter.q) : undefined;
  const rows = await db
    .select()
    .from(promotions)
    .where(and(statusWhere(filter.status, today), pattern ? or(ilike(promotions.code, pattern), ilike(promotions.name, pattern)) : undefined))
    .orderBy(desc(promotions.validFrom), asc(promotions.code))
    .limit(filter.pageSize + 1)
    .offset(filter.page * filter.pageSize);
  return { promotions: rows.slice(0, filter.pageSize).map((row) => promotionView(row, today)), hasMore: rows.length > filter.pageSize };
}

export async function findPromotion(db: DbOrTx, code: string, today: string): Promise<Result<ReturnType<typeof promotionView>, PromotionProblem>> {
  const row = (await db.select().from(promotions).where(eq(promotions.code, code)).limit(1))[0];
  return row ? ok(promotionView(row, today)) : fail({ kind: 'promotionNotFound', code });
}
