import { and, asc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users, userShipTos } from '../db/schema';

export interface CreditRecipient {
  userId: number;
  name: string;
  email: string;
}

/**
 * Who hears of a ship-to's credit requests and their decisions besides the order's buyer (docs/after-delivery.md
 * "Who is told"): every other user who can sign in and holds the ship-to. Whether each one wants the mail is
 * their own preference, read when it is delivered.
 */
export async function creditColleagues(tx: DbOrTx, shipToCode: string, buyer: { userId: number }): Promise<CreditRecipient[]> {
  return tx
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(userShipTos)
    .innerJoin(users, eq(users.id, userShipTos.userId))
    // '!' is the hash of an invited user who has not chosen a password yet: they cannot sign in to follow it.
    .where(and(eq(userShipTos.shipToCode, shipToCode), eq(users.status, 'active'), ne(users.passwordHash, '!'), ne(users.id, buyer.userId)))
    .orderBy(asc(users.id));
}
