import { and, eq, sql } from 'drizzle-orm';
import { findShipToScope } from '../accounts/ship-tos';
import type { Db } from '../db/client';
import { backInStockRequests, products } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import { addDays } from '../time/calendar-date';
import { londonWallClock } from '../time/london-time';
import type { BackInStockProblem } from './problems';

export interface BackInStockAsk {
  userId: number;
  shipTo: string;
  range: string;
  productCode: string;
}

/** `requested` when this asked first; `waiting` when the user was already waiting for the product (nothing changes). */
export type BackInStockOutcome = 'requested' | 'waiting';

/**
 * "Tell me when it is back" (docs/stock.md): the user waits for the product, once, until a feed gives it cases for
 * a delivery date from tomorrow on. Asking again while waiting changes nothing, however many ask at once (the
 * partial unique index).
 */
export async function requestBackInStock(db: Db, ask: BackInStockAsk, now: Date): Promise<Result<BackInStockOutcome, BackInStockProblem>> {
  const scope = await findShipToScope(db, ask.userId, ask.shipTo, ask.range);
  if (!scope.ok) return scope;
  const [product] = await db
    .select({ code: products.code })
    .from(products)
    .where(and(eq(products.code, ask.productCode), eq(products.range, ask.range), eq(products.discontinued, false)));
  if (!product) return fail({ kind: 'productNotFound', code: ask.productCode });
  const inserted = await db
    .insert(backInStockRequests)
    .values({ userId: ask.userId, shipToCode: ask.shipTo, productCode: product.code, fromDate: addDays(londonWallClock(now).date, 1) })
    .onConflictDoNothing({ target: [backInStockRequests.userId, backInStockRequests.productCode], where: sql`${backInStockRequests.notifiedAt} is null` })
    .returning({ id: backInStockRequests.id });
  return ok(inserted.length > 0 ? 'requested' : 'waiting');
}
