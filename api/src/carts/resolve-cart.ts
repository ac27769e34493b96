import { requireShipToScope, type Range } from '../accounts/ship-tos';
import type { DbOrTx } from '../db/client';
import { badRequest, notFound } from '../http/errors';
import { ensureCurrentCart, findOwnedCart, findScopedCurrentCart, type ScopedCart } from './cart-queries';

/** How a request names a cart: a code, or `active` plus the ship-to and range whose current cart it means. */
export interface CartTarget {
  cartId: string;
  shipTo?: string;
  salesOrg?: Range;
}

export const cartNotFound = (cartId: string) => notFound('CartError', 'cartId', `Cart '${cartId}' not found`);

/**
 * The caller's cart, or a 404 exactly like a cart that does not exist: someone else's cart, a cart of a
 * ship-to or range the caller no longer holds, and one of another ship-to than the request names.
 */
export async function resolveCart(db: DbOrTx, userId: number, target: CartTarget, lock: boolean, includeOrdered = false): Promise<ScopedCart> {
  if (target.cartId === 'active') {
    if (!target.shipTo) throw badRequest('shipTo', "Cart 'active' needs the query parameter 'shipTo'");
    if (!target.salesOrg) throw badRequest('salesOrg', "Cart 'active' needs the query parameter 'salesOrg'");
    // The common case in one query; the first request of a ship-to and range creates the cart.
    const existing = await findScopedCurrentCart(db, userId, target.shipTo, target.salesOrg, lock);
    if (existing) return existing;
    const scope = await requireShipToScope(db, userId, target.shipTo, target.salesOrg);
    const { cart } = await ensureCurrentCart(db, userId, scope, lock);
    return { cart, scope };
  }
  const found = await findOwnedCart(db, userId, target.cartId, lock, includeOrdered);
  if (!found) throw cartNotFound(target.cartId);
  if (target.shipTo !== undefined && target.shipTo !== found.scope.shipToCode) throw cartNotFound(target.cartId);
  if (target.salesOrg !== undefined && target.salesOrg !== found.scope.range) throw cartNotFound(target.cartId);
  return found;
}
