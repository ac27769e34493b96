import type { Db } from '../db/client';
import { changeCart, type Changed } from '../carts/cart-change';
import { addEntry } from '../carts/entries';
import { ok, problemToApiError, type Result } from '../carts/problems';
import type { OrderRecord } from './order-queries';

export interface ReorderOutcome {
  added: { productCode: string; quantity: number }[];
  /** Lines that could not go into the cart, each with the reason (a problem kind) and a message to show. */
  notAdded: { productCode: string; name: string; quantity: number; reason: string; message: string }[];
}

/**
 * Puts an order's lines into the current cart of its ship-to and range, in one transaction: each line as
 * if the user had added it, so every cart rule applies, and whatever is refused is reported rather than dropped.
 */
export async function reorder(db: Db, userId: number, { order, lines }: OrderRecord): Promise<Result<Changed<ReorderOutcome>>> {
  const target = { userId, cartId: 'active', shipTo: order.shipToCode, salesOrg: order.range as 'CHIL' | 'DAIR' };
  return changeCart(db, target, async (tx, initial) => {
    const outcome: ReorderOutcome = { added: [], notAdded: [] };
    let state = initial;
    for (const line of lines) {
      const result = await addEntry(tx, state, line.productCode, line.quantity);
      if (result.ok) {
        state = { ...state, entries: result.value.entries };
        outcome.added.push({ productCode: line.productCode, quantity: line.quantity });
      } else {
        const message = problemToApiError(result.problem).message;
        outcome.notAdded.push({ productCode: line.productCode, name: line.name, quantity: line.quantity, reason: result.problem.kind, message });
      }
    }
    return ok({ outcome, entries: state.entries });
  });
}
