import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { cartEntryRows, touchCart, type CartRow, type ScopedCart } from './cart-queries';
import { cartView, type CartView } from './cart-view';
import { fail, ok, type Result } from './problems';
import { resolveCart, type CartTarget } from './resolve-cart';
import { inTransaction } from './transaction';

export interface ChangeRequest extends CartTarget {
  userId: number;
  /** The version the client based its edit on (If-Match); undefined means "whatever is there". */
  expectedVersion?: number;
}

export interface Changed<T> {
  cart: CartRow;
  view: CartView;
  outcome: T;
}

/**
 * The frame of every change to one cart: one transaction, the cart row locked first (so concurrent changes
 * queue instead of colliding on entry numbers or losing updates), the If-Match version checked, the change
 * applied, the version bumped, and the cart read back inside the same transaction.
 */
export async function changeCart<T>(
  db: Db,
  request: ChangeRequest,
  change: (tx: Tx, scoped: ScopedCart) => Promise<Result<T>>,
): Promise<Result<Changed<T>>> {
  return inTransaction(db, async (tx) => {
    // A cart is a draft: its changes commit without waiting for the WAL flush (a database crash could lose the
    // last fraction of a second of cart edits, never an order, and never consistency). Orders commit durably.
    await tx.execute(sql`set local synchronous_commit to off`);
    const scoped = await resolveCart(tx, request.userId, request, true);
    if (request.expectedVersion !== undefined && request.expectedVersion !== scoped.cart.version) {
      return fail({ kind: 'staleVersion', currentVersion: scoped.cart.version });
    }
    const result = await change(tx, scoped);
    if (!result.ok) return result;
    const cart = await touchCart(tx, scoped.cart.id);
    const entries = await cartEntryRows(tx, cart.id, scoped.scope.soldToCode);
    return ok({ cart, view: cartView(cart, scoped.scope, entries), outcome: result.value });
  });
}
