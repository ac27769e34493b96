import { and, eq, sql } from 'drizzle-orm';
import type { ShipToScope } from '../accounts/ship-tos';
import type { DbOrTx } from '../db/client';
import { parLevels, products } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import type { OrderGuideProblem } from './problems';

export const MAX_PAR_LEVEL = 9999;

async function isRangeProduct(db: DbOrTx, scope: ShipToScope, productCode: string): Promise<boolean> {
  const rows = await db
    .select({ code: products.code })
    .from(products)
    .where(and(eq(products.code, productCode), eq(products.range, scope.range)))
    .limit(1);
  return rows.length > 0;
}

const notInRange = (scope: ShipToScope, productCode: string) => fail<OrderGuideProblem>({ kind: 'productNotInRange', productCode, range: scope.range });

/** Sets the par level of a product of the range for the ship-to (any of its users may). */
export async function setParLevel(db: DbOrTx, scope: ShipToScope, productCode: string, parLevel: number): Promise<Result<null, OrderGuideProblem>> {
  if (!(await isRangeProduct(db, scope, productCode))) return notInRange(scope, productCode);
  await db
    .insert(parLevels)
    .values({ shipToCode: scope.shipToCode, range: scope.range, productCode, parLevel })
    .onConflictDoUpdate({
      target: [parLevels.shipToCode, parLevels.range, parLevels.productCode],
      set: { parLevel, updatedAt: sql`now()` },
    });
  return ok(null);
}

/** Clears it; clearing one that is not set is not an error (DELETE is idempotent), an unknown product is. */
export async function clearParLevel(db: DbOrTx, scope: ShipToScope, productCode: string): Promise<Result<null, OrderGuideProblem>> {
  if (!(await isRangeProduct(db, scope, productCode))) return notInRange(scope, productCode);
  await db
    .delete(parLevels)
    .where(and(eq(parLevels.shipToCode, scope.shipToCode), eq(parLevels.range, scope.range), eq(parLevels.productCode, productCode)));
  return ok(null);
}
