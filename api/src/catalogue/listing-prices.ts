import type { DbOrTx } from '../db/client';
import { priceContext } from '../pricing/price-adjuster';
import { adjustLines, lineToAdjust, type AdjustedLine } from '../pricing/price-lines';
import { offerOf } from '../pricing/price-rules/offers';
import type { ProductRow } from './product-view';

/** Whom a listing is priced for. */
export interface ListingScope {
  soldToCode: string;
  shipToCode: string;
  range: string;
}

/** What pricing a listed product needs of it; `pricePence` is the sold-to's contract price. */
export type ListedProduct = Pick<ProductRow, 'code' | 'categoryId' | 'minOrderQuantity' | 'vatRateBp'> & { pricePence: number; listPricePence?: number | null };

/**
 * Listed products priced as the sold-to pays today for the smallest order of each (docs/pricing.md "Offers in
 * listings"): the pricing pipeline's lines, one per product, in order. The pipeline reads the process's copy of
 * the rules, so this costs no statement.
 */
export function priceListed(db: DbOrTx, scope: ListingScope, listed: readonly ListedProduct[]): Promise<AdjustedLine[]> {
  return adjustLines(
    db,
    priceContext(scope, null),
    listed.map((row) => {
      const contractUnit = Number(row.pricePence);
      return lineToAdjust(row.code, row.categoryId, Math.max(1, row.minOrderQuantity), { contractUnit, listUnit: row.listPricePence ?? contractUnit, vatRateBp: row.vatRateBp });
    }),
  );
}

/**
 * Listed products at the price the sold-to pays (priceListed), with the offer it took and the next volume break.
 * Rows without a price (nobody to price for) stay as they are. The rows are changed in place: the caller's own,
 * read for this answer.
 */
export async function withListingPrices(db: DbOrTx, scope: ListingScope, rows: ProductRow[]): Promise<ProductRow[]> {
  const pricedRows = rows.filter((row): row is ProductRow & { pricePence: number } => row.pricePence !== null);
  if (pricedRows.length === 0) return rows;
  const lines = await priceListed(db, scope, pricedRows);
  // The rows are this answer's own: priced in place, as a page of wide rows copied again costs more than pricing
  // them. Only a row with an offer or a hint has anything for its card to say beyond the price.
  lines.forEach((line, index) => {
    const row = pricedRows[index];
    if (!row) return;
    row.pricePence = line.unit;
    if (line.hints.length > 0 || offerOf(line.adjustments)) row.pricing = { adjustments: line.adjustments, priceHints: line.hints };
  });
  return rows;
}
