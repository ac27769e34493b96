import type { DbOrTx } from '../db/client';
import { catalogueBases } from './price-lines';

export interface CustomerPrice {
  pricePence: number;
  vatRateBp: number;
}

/** The prices a sold-to pays: its own price where it has one, else the list price. Never another sold-to's. */
export async function customerPrices(db: DbOrTx, soldToCode: string, productCodes: string[]): Promise<Map<string, CustomerPrice>> {
  const bases = await catalogueBases(db, soldToCode, productCodes);
  return new Map([...bases].map(([code, base]) => [code, { pricePence: base.contractUnit, vatRateBp: base.vatRateBp }]));
}
