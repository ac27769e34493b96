import { findShipToScope, type Range } from '../accounts/ship-tos';
import type { DbOrTx } from '../db/client';
import { ensureCurrentCart, findOwnedCart, findScopedCurrentCart, type CartReadOptions, type ScopedCart } from './cart-queries';
import { fail, ok, type Result } from './problems';

/** How a request names a cart: a code, or `active` plus the ship-to and range whose current cart it means. */
export interface CartTarget {
  cartId: string;
  shipTo?: string;
  salesOrg?: Range;
}

/** Whether a cart found by code is of the ship-to and range the request names, if it names them. */
export const isOfTarget = (scope: { shipToCode: string; range: string }, target: CartTarget): boolean =>
  (target.shipTo === undefined || target.shipTo === scope.shipToCode) && (target.salesOrg === undefined || target.salesOrg === scope.range);

/**
 * The caller's cart, or `cartNotFound` exactly like a cart that does not exist: someone else's cart, a cart
 * of a ship-to or range the caller no longer holds, and one of another ship-to than the request names.
 */
export async function resolveCart(db: DbOrTx, userId: number, target: CartTarget, options: CartReadOptions): Promise<Result<ScopedCart>> {
  if (target.cartId === 'active') {
    if (!target.shipTo) return fail({ kind: 'activeCartNeedsScope', parameter: 'shipTo' });
    if (!target.salesOrg) return fail({ kind: 'activeCartNeedsScope', parameter: 'salesOrg' });
    // The common case in one query; the first request of a ship-to and range creates the cart.
    const existing = await findScopedCurrentCart(db, userId, target.shipTo, target.salesOrg, options);
    if (existing) return ok(existing);
    const scope = await findShipToScope(db, userId, target.shipTo, target.salesOrg);
    if (!scope.ok) return scope;
    const { cart } = await ensureCurrentCart(db, userId, scope.value, options.lock);
    return ok({ cart, scope: scope.value });
  }
  const found = await findOwnedCart(db, userId, target.cartId, options);
  if (!found || !isOfTarget(found.scope, target)) return fail({ kind: 'cartNotFound', cartId: target.cartId });
  return ok(found);
}
