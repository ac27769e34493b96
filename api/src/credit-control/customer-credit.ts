import type { DbOrTx } from '../db/client';
import { userSoldTos } from '../invoices/invoice-queries';
import { creditStanding, type CreditStanding } from './exposure';

export interface SoldToCredit extends CreditStanding {
  code: string;
  name: string;
}

/**
 * The credit of each sold-to of the user's ship-tos that has a credit record (docs/credit-control.md): what
 * head office sees on the invoices page. A sold-to without one has no limit and is not listed.
 */
export async function creditOfUser(db: DbOrTx, userId: number): Promise<SoldToCredit[]> {
  const credits: SoldToCredit[] = [];
  for (const soldTo of await userSoldTos(db, userId)) {
    const standing = await creditStanding(db, soldTo.code);
    if (standing) credits.push({ ...soldTo, ...standing });
  }
  return credits;
}
