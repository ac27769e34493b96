import type { Db } from '../db/client';
import { addLines, type LinesAdded } from '../carts/add-lines';
import { changeCart, type Changed } from '../carts/cart-change';
import { ok, type Result } from '../carts/problems';
import type { OrderRecord } from './order-queries';

export type ReorderOutcome = LinesAdded;

/**
 * Puts an order's lines into the current cart of its ship-to and range, in one transaction: each line as
 * if the user had added it, so every cart rule applies, and whatever is refused is reported rather than dropped.
 */
export async function reorder(db: Db, userId: number, { order, lines }: OrderRecord): Promise<Result<Changed<ReorderOutcome>>> {
  const target = { userId, cartId: 'active', shipTo: order.shipToCode, salesOrg: order.range as 'CHIL' | 'DAIR' };
  return changeCart(db, target, async (tx, initial) => ok(await addLines(tx, initial, lines)));
}
