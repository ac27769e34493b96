import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { findShipToScope, type Range, type ShipToScope } from '../accounts/ship-tos';
import type { DbOrTx, Tx } from '../db/client';
import { cartEntries, carts } from '../db/schema';
import { formatLondonDate } from '../time/london-time';
import { unchangedLines, type Applied, type CartState } from './cart-change';
import { ensureCurrentCart, entryRowsByCart, findCurrentCart, type CartRow, type EntryRow } from './cart-queries';
import { fail, ok, type Result } from './problems';

export const defaultSavedCartName = (now: Date): string => `Cart saved on ${formatLondonDate(now)}`;

/**
 * The cart becomes a saved cart and a fresh, empty current cart takes its place. Saving a cart that is
 * already saved renames it. An empty cart is not worth saving.
 */
export async function saveCart(
  tx: Tx,
  state: CartState,
  name: string | undefined,
  description: string | undefined,
  now: Date,
): Promise<Result<Applied<null>>> {
  const { cart, scope } = state;
  if (cart.status === 'saved') {
    return ok(unchangedLines(state, null, { name: name ?? cart.name, description: description ?? cart.description }));
  }
  if (state.entries.length === 0) return fail({ kind: 'emptyCart' });
  // Saved before the new current cart is created: one current cart per ship-to and range at any moment.
  await tx
    .update(carts)
    .set({ status: 'saved', name: name ?? defaultSavedCartName(now), description: description ?? null, savedAt: now })
    .where(eq(carts.id, cart.id));
  await ensureCurrentCart(tx, cart.userId, scope, false);
  return ok(unchangedLines(state, null));
}

/**
 * A saved cart becomes the current cart again. The cart that was current is not lost: with lines it is
 * saved under a dated name, empty it is simply dropped.
 */
export async function restoreSavedCart(tx: Tx, state: CartState, now: Date): Promise<Result<Applied<null>>> {
  const { cart, scope } = state;
  if (cart.status !== 'saved') return fail({ kind: 'notSaved' });
  const current = await findCurrentCart(tx, cart.userId, scope, true);
  if (current) await setAsideCurrentCart(tx, current, now);
  return ok(unchangedLines(state, null, { status: 'current', savedAt: null }));
}

async function setAsideCurrentCart(tx: Tx, current: CartRow, now: Date): Promise<void> {
  const [lines] = await tx.select({ n: count() }).from(cartEntries).where(eq(cartEntries.cartId, current.id));
  if (Number(lines?.n ?? 0) === 0) {
    await tx.delete(carts).where(eq(carts.id, current.id));
    return;
  }
  await tx
    .update(carts)
    .set({ status: 'saved', name: current.name ?? defaultSavedCartName(now), savedAt: now, version: current.version + 1 })
    .where(eq(carts.id, current.id));
}

export interface CartListPage {
  scope: ShipToScope;
  carts: { cart: CartRow; entries: EntryRow[] }[];
  totalResults: number;
}

export interface CartListRequest {
  userId: number;
  shipTo: string;
  range: Range;
  savedOnly: boolean;
  page: number;
  pageSize: number;
}

/** The caller's saved carts (or, without savedOnly, also the current one) of one ship-to and range, newest first. */
export async function listCarts(db: DbOrTx, { userId, shipTo, range, savedOnly, page, pageSize }: CartListRequest): Promise<Result<CartListPage>> {
  const found = await findShipToScope(db, userId, shipTo, range);
  if (!found.ok) return found;
  const scope = found.value;
  const where = and(
    eq(carts.userId, userId),
    eq(carts.shipToCode, scope.shipToCode),
    eq(carts.range, scope.range),
    savedOnly ? eq(carts.status, 'saved') : inArray(carts.status, ['saved', 'current']),
  );
  const [total] = await db.select({ n: count() }).from(carts).where(where);
  const rows = await db
    .select()
    .from(carts)
    .where(where)
    .orderBy(desc(carts.savedAt), desc(carts.id)) // the current cart (never saved) sorts first
    .limit(pageSize)
    .offset(page * pageSize);
  const entries = await entryRowsByCart(db, rows.map((cart) => cart.id), scope.soldToCode);
  return ok({ scope, carts: rows.map((cart) => ({ cart, entries: entries.get(cart.id) ?? [] })), totalResults: Number(total?.n ?? 0) });
}
