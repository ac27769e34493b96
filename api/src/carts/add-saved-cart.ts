import type { Range } from '../accounts/ship-tos';
import type { Db } from '../db/client';
import { addLines, type LinesAdded } from './add-lines';
import { changeCart, type Changed } from './cart-change';
import { cartEntryRows, findOwnedCart } from './cart-queries';
import { fail, ok, type Result } from './problems';
import { resolveCart, type CartTarget } from './resolve-cart';

/**
 * docs/decisions-left-open.md#weekly-ordering `addtocart`: a saved cart's lines are copied into the current cart of its ship-to and range, under
 * the rules of an add; the saved cart stays as it is (unlike restore, which makes it the current cart).
 */
export async function addSavedCartToCurrent(db: Db, userId: number, target: CartTarget): Promise<Result<Changed<LinesAdded>>> {
  const resolved = await resolveCart(db, userId, target, { lock: false });
  if (!resolved.ok) return resolved;
  const saved = resolved.value;
  if (saved.cart.status !== 'saved') return fail({ kind: 'notSavedCart' });
  const current = { userId, cartId: 'active', shipTo: saved.scope.shipToCode, salesOrg: saved.scope.range as Range };
  return changeCart(db, current, async (tx, state) => {
    // Read again under the current cart's lock: deleted or restored in the meantime, it has nothing to give.
    const still = await findOwnedCart(tx, userId, saved.cart.code, { lock: false });
    if (!still || still.cart.status !== 'saved') return fail({ kind: 'notSavedCart' });
    const lines = await cartEntryRows(tx, still.cart.id, still.scope.soldToCode);
    return ok(await addLines(tx, state, lines.map(({ productCode, name, quantity }) => ({ productCode, name, quantity }))));
  });
}
