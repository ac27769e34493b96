import type { Tx } from '../db/client';
import type { Applied, CartState } from './cart-change';
import { addEntry } from './entries';
import { cartProblemToApiError } from './problem-answers';

/** A line to copy into a cart: from an order (reorder) or a saved cart (add to cart). */
export interface LineToAdd {
  productCode: string;
  name: string;
  quantity: number;
}

export interface LinesAdded {
  added: { productCode: string; quantity: number }[];
  /** Lines that could not go into the cart, each with the reason (a problem kind) and a message to show. */
  notAdded: { productCode: string; name: string; quantity: number; reason: string; message: string }[];
}

/**
 * Adds each line as if the user had added it, so every cart rule applies (range, no longer sold, minimum,
 * 9 999 cases, 500 lines), inside the caller's transaction; whatever is refused is reported, never dropped silently.
 */
export async function addLines(tx: Tx, initial: CartState, lines: LineToAdd[]): Promise<Applied<LinesAdded>> {
  const outcome: LinesAdded = { added: [], notAdded: [] };
  let state = initial;
  for (const line of lines) {
    const result = await addEntry(tx, state, line.productCode, line.quantity);
    if (result.ok) {
      state = { ...state, entries: result.value.entries };
      outcome.added.push({ productCode: line.productCode, quantity: line.quantity });
    } else {
      // The words the catalogue gives the same refusal of a single add.
      const { message } = cartProblemToApiError(result.problem);
      outcome.notAdded.push({ productCode: line.productCode, name: line.name, quantity: line.quantity, reason: result.problem.kind, message });
    }
  }
  return { outcome, entries: state.entries };
}
