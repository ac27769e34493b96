import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { shipToScopeColumns } from '../accounts/ship-tos';
import type { Db } from '../db/client';
import { cartEntries, carts, prices, products, shipToRanges, shipTos, userShipTos } from '../db/schema';
import type { CartState } from './cart-change';
import { fromJsonArrays, jsonArray } from '../db/json-object';
import { entryColumns, toScoped, type EntryRow } from './cart-queries';
import { fail, ok, type Result } from './problems';
import { isOfTarget, resolveCart, type CartTarget } from './resolve-cart';

/**
 * A cart's lines with their products and its sold-to's prices, as one JSON array in entry order, each line an
 * array of `entryColumns` (the busiest read of the shop: keys fifty times over cost more than the values).
 */
const linesOfCart = sql<unknown[][]>`(
  select coalesce(json_agg(${jsonArray(entryColumns)} order by ${cartEntries.entryNumber}), '[]'::json)
  from ${cartEntries}
  join ${products} on ${products.code} = ${cartEntries.productCode}
  left join ${prices} on ${prices.productCode} = ${products.code} and ${prices.soldToCode} = ${shipTos.soldToCode}
  where ${cartEntries.cartId} = ${carts.id})`;

/**
 * Reads a cart, its ship-to scope and its priced lines in one statement and one row, built and prepared
 * once: the read behind every cart answer and every change to a cart's lines. The joins through the
 * caller's ship-tos are the ownership check, as in `resolveCart`.
 */
function preparedRead(db: Db, name: string, where: SQL | undefined) {
  return db
    .select({ cart: carts, scope: shipToScopeColumns, lines: linesOfCart })
    .from(carts)
    .innerJoin(userShipTos, and(eq(userShipTos.userId, carts.userId), eq(userShipTos.shipToCode, carts.shipToCode)))
    .innerJoin(shipTos, eq(shipTos.code, carts.shipToCode))
    .innerJoin(shipToRanges, and(eq(shipToRanges.shipToCode, carts.shipToCode), eq(shipToRanges.range, carts.range)))
    .where(where)
    .limit(1)
    .prepare(name);
}

type ReadRows = Awaited<ReturnType<ReturnType<typeof preparedRead>['execute']>>;

function toState(rows: ReadRows): CartState | undefined {
  const row = rows[0];
  return row && { ...toScoped(row), entries: fromJsonArrays<EntryRow>(entryColumns, row.lines) };
}

export type CartReader = (userId: number, target: CartTarget) => Promise<Result<CartState>>;

/**
 * A reader of the caller's carts by code or as `active`: anything not theirs, or not of the ship-to and
 * range the request names, is `cartNotFound` exactly like a cart that does not exist. The first read of a ship-to
 * and range without a current cart creates it.
 */
export function cartReader(db: Db): CartReader {
  const byCode = preparedRead(
    db,
    'cart_read_by_code',
    and(eq(carts.userId, sql.placeholder('userId')), eq(carts.code, sql.placeholder('code')), ne(carts.status, 'ordered')),
  );
  const current = preparedRead(
    db,
    'cart_read_current',
    and(
      eq(carts.userId, sql.placeholder('userId')),
      eq(carts.shipToCode, sql.placeholder('shipTo')),
      eq(carts.range, sql.placeholder('range')),
      eq(carts.status, 'current'),
    ),
  );

  const read = async (userId: number, target: CartTarget): Promise<CartState | undefined> => {
    if (target.cartId !== 'active') return toState(await byCode.execute({ userId, code: target.cartId }));
    if (!target.shipTo || !target.salesOrg) return undefined;
    return toState(await current.execute({ userId, shipTo: target.shipTo, range: target.salesOrg }));
  };

  return async (userId, target) => {
    let state = await read(userId, target);
    if (!state) {
      // Not found in the common shape: resolveCart answers the precise problem, or creates the current cart.
      const resolved = await resolveCart(db, userId, target, { lock: false });
      if (!resolved.ok) return resolved;
      state = await read(userId, target);
    }
    if (!state || !isOfTarget(state.scope, target)) return fail({ kind: 'cartNotFound', cartId: target.cartId });
    return ok(state);
  };
}
