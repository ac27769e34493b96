import type { DbOrTx } from '../db/client';
import { mayBeLow } from '../stock/low-stock-copy';
import { stockNotices } from '../stock/stock-for-products';
import type { ShipToClaim } from './price-scope';
import type { ProductRow } from './product-view';

/**
 * Listed products with what their stock says for the delivery date the customer buys for (docs/stock.md): one
 * statement a page with a product that may have few left (stock/low-stock-copy.ts), and only for a signed-in
 * customer naming a ship-to (nobody else has a delivery date). The rows are changed in place, as
 * listing-prices.ts does: they are this answer's own.
 */
export async function withStockNotices(db: DbOrTx, claim: ShipToClaim | null, rows: ProductRow[], now: Date): Promise<ProductRow[]> {
  if (claim === null || rows.length === 0) return rows;
  // Most pages have no product with few left: those ask the database nothing.
  const codes = mayBeLow(db, rows.map((row) => row.code));
  const notices = await stockNotices(db, { userId: claim.userId, shipToCode: claim.shipTo, range: claim.range }, codes, now);
  for (const row of rows) {
    const notice = notices.get(row.code);
    if (notice) row.stockNotice = notice;
  }
  return rows;
}
