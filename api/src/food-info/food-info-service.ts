import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import type { Db, DbOrTx } from '../db/client';
import { productFoodInfo, products } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import type { Cause } from '../tracing/cause';
import type { FoodInfoInput } from './food-info-input';
import { foodStateColumns, storedOf, writeFoodInfo, type FoodWriteOutcome, type StoredFoodInfo } from './food-info-writer';
import type { FoodInfoProblem } from './problems';

/** Who writes: an operator (their id, for the audit log) or the ERP's integration client; `by` names either. */
export interface FoodInfoActor {
  operatorId: number | null;
  by: string;
  cause?: Cause;
}

/** The food information as the back office and the ERP read it back. */
export interface FoodInfoRecord extends StoredFoodInfo {
  code: string;
}

/**
 * Writes one product's food information whole (the ERP's PUT): the same information again changes nothing
 * (no audit entry, no mail); a change is audited as `product.foodInfo` with what it was and what it became.
 */
export async function putFoodInfo(db: Db, code: string, input: FoodInfoInput, actor: FoodInfoActor, now: Date): Promise<Result<{ outcome: FoodWriteOutcome; foodInfo: FoodInfoRecord }, FoodInfoProblem>> {
  return db.transaction(async (tx) => {
    const [result] = await writeFoodInfo(tx, [{ code, info: input }], { now, ...(actor.cause ? { cause: actor.cause } : {}) });
    if (!result) return fail({ kind: 'productNotFound' as const, code });
    if (result.outcome !== 'unchanged') {
      await recordAudit(tx, { operatorId: actor.operatorId, action: 'product.foodInfo', subject: `product:${code}`, before: result.before, after: { ...result.after, by: actor.by } });
    }
    return ok({ outcome: result.outcome, foodInfo: { code, ...result.after } });
  });
}

/** One product's food information as stored; refused for an unknown product and for one without any yet. */
export async function getFoodInfo(db: DbOrTx, code: string): Promise<Result<FoodInfoRecord, FoodInfoProblem>> {
  const [row] = await db
    .select(foodStateColumns)
    .from(products)
    .leftJoin(productFoodInfo, eq(productFoodInfo.productCode, products.code))
    .where(eq(products.code, code))
    .limit(1);
  if (!row) return fail({ kind: 'productNotFound', code });
  const stored = storedOf(row);
  return stored === null ? fail({ kind: 'foodInfoNotSupplied', code }) : ok({ code, ...stored });
}
