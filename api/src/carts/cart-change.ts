import type { Db, Tx } from '../db/client';
import { cartEntryRows, touchCart, type CartRow, type EntryRow, type ScopedCart } from './cart-queries';
import { priceCartEntries } from './cart-prices';
import { cartView, type CartView } from './cart-view';
import { fail, ok, type Result } from './problems';
import { resolveCart, type CartTarget } from './resolve-cart';
import { lockCurrentCartSwitch } from './current-cart-lock';
import { inTransaction } from '../errors/transaction';

export interface ChangeRequest extends CartTarget {
  userId: number;
  /** The version the client based its edit on (If-Match); undefined means "whatever is there". */
  expectedVersion?: number;
}

/** A locked cart and its lines as they are before the change. */
export interface CartState extends ScopedCart {
  entries: EntryRow[];
}

/** What a change did: its outcome, the cart's lines after it, and cart fields to set with the version bump. */
export interface Applied<T> {
  outcome: T;
  entries: EntryRow[];
  fields?: Partial<CartRow>;
}

export interface ChangeOptions {
  /** The change makes another cart current (save, restore): such changes run one at a time per user. */
  switchesCurrentCart?: boolean;
}

export interface Changed<T> {
  cart: CartRow;
  view: CartView;
  outcome: T;
}

/**
 * The frame of every change to one cart: one transaction, the cart row locked first (so concurrent changes
 * queue instead of colliding on entry numbers or losing updates), the If-Match version checked, the lines
 * read once, the change applied, and the version bumped. The change answers with the lines as they now
 * are, so the cart is not read a second time.
 */
export async function changeCart<T>(
  db: Db,
  request: ChangeRequest,
  change: (tx: Tx, state: CartState) => Promise<Result<Applied<T>>>,
  options: ChangeOptions = {},
): Promise<Result<Changed<T>>> {
  return inTransaction(db, async (tx) => {
    if (options.switchesCurrentCart) await lockCurrentCartSwitch(tx, request.userId);
    const resolved = await resolveCart(tx, request.userId, request, { lock: true });
    if (!resolved.ok) return resolved;
    const scoped = resolved.value;
    if (request.expectedVersion !== undefined && request.expectedVersion !== scoped.cart.version) {
      return fail({ kind: 'staleVersion', currentVersion: scoped.cart.version });
    }
    // A statement of its own, after the lock: one that waited for the lock (select … for update) would
    // still see the lines as they were when it started, before the change it waited for.
    const entries = await cartEntryRows(tx, scoped.cart.id, scoped.scope.soldToCode);
    const result = await change(tx, { ...scoped, entries });
    if (!result.ok) return result;
    const cart = await touchCart(tx, scoped.cart.id, result.value.fields);
    return ok({ cart, view: cartView(cart, scoped.scope, await priceCartEntries(tx, cart, scoped.scope, result.value.entries)), outcome: result.value.outcome });
  });
}

/** A change that leaves the lines as they are. */
export const unchangedLines = <T>(state: CartState, outcome: T, fields?: Partial<CartRow>): Applied<T> => ({ outcome, entries: state.entries, fields });
