import { findShipToScope, type Range, type ShipToScope } from '../accounts/ship-tos';
import type { Db } from '../db/client';
import { cartEntryRows, ensureCurrentCart, type CartRow, type EntryRow } from './cart-queries';
import { ok, type Result } from './problems';

export interface OpenedCart {
  cart: CartRow;
  scope: ShipToScope;
  entries: EntryRow[];
  /** The ship-to and range had no current cart: this request made it. */
  created: boolean;
}

/** The current cart of a ship-to and range the caller holds, with its lines; the first request creates it. */
export async function openCurrentCart(db: Db, userId: number, shipTo: string, range: Range): Promise<Result<OpenedCart>> {
  const scope = await findShipToScope(db, userId, shipTo, range);
  if (!scope.ok) return scope;
  const { cart, created } = await ensureCurrentCart(db, userId, scope.value, false);
  const entries = await cartEntryRows(db, cart.id, scope.value.soldToCode);
  return ok({ cart, scope: scope.value, entries, created });
}
