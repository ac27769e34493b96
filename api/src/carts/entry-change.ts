import { sql, type SQL } from 'drizzle-orm';
import { selectRows } from '../catalogue/sql-rows';
import type { Db } from '../db/client';
import { changeCart, type CartState, type ChangeRequest, type Changed } from './cart-change';
import type { CartReader } from './cart-read';
import type { CartRow } from './cart-queries';
import { priceCartEntries } from './cart-prices';
import { cartView } from './cart-view';
import { productForCart, writeEntry, type EntryDecision, type EntryOutcome, type EntryWrite, type ProductLookup } from './entries';
import { fail, ok, type Result } from './problems';

/** Optimistic tries before a change to the lines queues on the cart's lock instead. */
const OPTIMISTIC_ATTEMPTS = 2;

export type DecideEntries = (state: CartState, lookup: ProductLookup) => Promise<Result<EntryDecision>> | Result<EntryDecision>;

function rowChange(write: EntryWrite): SQL | undefined {
  switch (write.kind) {
    case 'insert':
      return sql`insert into cart_entries (cart_id, entry_number, product_code, quantity)
        select id, ${write.entryNumber}, ${write.productCode}, ${write.quantity} from bumped`;
    case 'setQuantity':
      return sql`update cart_entries set quantity = ${write.quantity} from bumped
        where cart_entries.cart_id = bumped.id and cart_entries.entry_number = ${write.entryNumber}`;
    case 'setAllowSubstitute':
      return sql`update cart_entries set allow_substitute = ${write.allowSubstitute} from bumped
        where cart_entries.cart_id = bumped.id and cart_entries.entry_number = ${write.entryNumber}`;
    case 'delete':
      return sql`delete from cart_entries using bumped where cart_entries.cart_id = bumped.id and cart_entries.entry_number = ${write.entryNumber}`;
    case 'none':
      return undefined;
  }
}

/**
 * Writes a decision's row and bumps the version in one statement, only if the cart is still at the
 * version the decision was made on and not ordered meanwhile; the new version, or undefined when another
 * change got there first. A concurrent change holding the row makes this wait, then see the new version.
 */
async function writeIfUnchanged(db: Db, cart: CartRow, write: EntryWrite): Promise<{ version: number } | undefined> {
  const change = rowChange(write);
  const rows = await selectRows<{ version: number }>(
    db,
    sql`with bumped as (
      update carts set version = version + 1, updated_at = now()
      where id = ${cart.id} and version = ${cart.version} and status <> 'ordered'
      returning id, version
    )${change ? sql`, written as (${change})` : sql``}
    select version from bumped`,
  );
  return rows[0];
}

/**
 * The frame of a change to a cart's lines, the shop's busiest write: read the cart and its lines in one
 * statement, decide, then write guarded by the version read, so the common case is two round trips and no
 * transaction held open. If another change got in between, it decides again on fresh lines; after
 * OPTIMISTIC_ATTEMPTS it takes the cart's lock like every other change (`changeCart`), so a crowd of
 * concurrent changes to one cart still all land, in turn.
 */
export async function changeEntries(db: Db, readCart: CartReader, request: ChangeRequest, decide: DecideEntries): Promise<Result<Changed<EntryOutcome>>> {
  for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt++) {
    const read = await readCart(request.userId, request);
    if (!read.ok) return read;
    const state = read.value;
    if (request.expectedVersion !== undefined && request.expectedVersion !== state.cart.version) {
      return fail({ kind: 'staleVersion', currentVersion: state.cart.version });
    }
    const decided = await decide(state, (code) => productForCart(db, code, state.scope.soldToCode));
    if (!decided.ok) return decided;
    const written = await writeIfUnchanged(db, state.cart, decided.value.write);
    if (written) {
      const cart = { ...state.cart, version: written.version, updatedAt: new Date() };
      return ok({ cart, view: cartView(cart, state.scope, await priceCartEntries(db, cart, state.scope, decided.value.entries)), outcome: decided.value.outcome });
    }
  }
  return changeCart(db, request, async (tx, state) => {
    const decided = await decide(state, (code) => productForCart(tx, code, state.scope.soldToCode));
    if (decided.ok) await writeEntry(tx, state.cart.id, decided.value.write);
    return decided;
  });
}
