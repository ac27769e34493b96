import type { ShipToScope } from '../accounts/ship-tos';
import type { DbOrTx } from '../db/client';
import { priceContext } from '../pricing/price-adjuster';
import { priceRows, type PricedRow } from '../pricing/price-lines';
import type { CartRow, EntryRow } from './cart-queries';

export type PricedEntry = PricedRow<EntryRow>;

/** A cart's lines as they stand, priced for its ship-to, range and delivery date by the pricing pipeline. */
export const priceCartEntries = (db: DbOrTx, cart: CartRow, scope: ShipToScope, entries: EntryRow[]): Promise<PricedEntry[]> =>
  priceRows(db, priceContext(scope, cart.requestedDeliveryDate), entries);
