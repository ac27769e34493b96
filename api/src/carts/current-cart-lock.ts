import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/** The first key of the two-key advisory lock; the second is the user's id. */
const CURRENT_CART_SWITCH = 4_100_001;

/**
 * Saving and restoring carts change which cart is the current one of a ship-to and range, and the partial
 * unique index `carts_one_current_idx` allows one. Two such changes at once would each see the same current
 * cart (or none), and the second would break the index with a 500. They take this lock first, before any
 * row lock (so no deadlock with other cart changes), and so run one at a time per user, each seeing what
 * the one before it committed. Held until the transaction ends.
 */
export async function lockCurrentCartSwitch(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CURRENT_CART_SWITCH}, ${userId})`);
}
