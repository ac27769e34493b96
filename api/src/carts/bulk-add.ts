import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { cartEntries } from '../db/schema';
import { changeCart, type ChangeRequest, type Changed } from './cart-change';
import { decideBulkAdd, type BulkLine, type BulkProblem } from './bulk-decision';
import { ok, type Result } from './problems';
import { productsByCode } from './products-by-code';

export interface BulkOutcome {
  touched: number[];
  problems: BulkProblem[];
}

async function writeAll(tx: Tx, cartId: number, writes: ReturnType<typeof decideBulkAdd>['writes']): Promise<void> {
  const inserts = writes.flatMap((write) => (write.kind === 'insert' ? [{ cartId, entryNumber: write.entryNumber, productCode: write.productCode, quantity: write.quantity }] : []));
  if (inserts.length > 0) await tx.insert(cartEntries).values(inserts);
  for (const write of writes) {
    if (write.kind !== 'setQuantity') continue;
    await tx.update(cartEntries).set({ quantity: write.quantity }).where(and(eq(cartEntries.cartId, cartId), eq(cartEntries.entryNumber, write.entryNumber)));
  }
}

/**
 * Adds the valid lines of a bulk request in one transaction on the locked cart (so concurrent bulk adds
 * queue and lose nothing) and reports every other line.
 */
export async function bulkAdd(db: Db, request: ChangeRequest, lines: BulkLine[]): Promise<Result<Changed<BulkOutcome>>> {
  return changeCart(db, request, async (tx, state) => {
    const inCart = new Set(state.entries.map((entry) => entry.productCode));
    const wanted = [...new Set(lines.map((line) => line.code))].filter((code) => !inCart.has(code));
    const decision = decideBulkAdd(state, lines, await productsByCode(tx, wanted, state.scope.soldToCode));
    await writeAll(tx, state.cart.id, decision.writes);
    return ok({ outcome: { touched: decision.touched, problems: decision.problems }, entries: decision.entries });
  });
}
