import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { carts } from '../db/schema';
import type { ChangeRequest } from './cart-change';
import { fail, ok, type Result } from './problems';
import { resolveCart } from './resolve-cart';
import { inTransaction } from '../errors/transaction';

/** Deletes a current or saved cart with its lines; the next `active` request starts a fresh current cart. */
export async function deleteCart(db: Db, request: ChangeRequest): Promise<Result<null>> {
  return inTransaction(db, async (tx) => {
    const resolved = await resolveCart(tx, request.userId, request, { lock: true });
    if (!resolved.ok) return resolved;
    const { cart } = resolved.value;
    if (request.expectedVersion !== undefined && request.expectedVersion !== cart.version) {
      return fail({ kind: 'staleVersion', currentVersion: cart.version });
    }
    await tx.delete(carts).where(eq(carts.id, cart.id));
    return ok(null);
  });
}
