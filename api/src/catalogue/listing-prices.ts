import type { DbOrTx } from '../db/client';
import { priceContext } from '../pricing/price-adjuster';
import { adjustLines, lineToAdjust } from '../pricing/price-lines';
import { offerOf } from '../pricing/price-rules/offers';
import type { ProductRow } from './product-view';

/**
 * Listed products at the price the sold-to pays today for the smallest order of each (docs/pricing.md "Offers in
 * listings"): the pricing pipeline's answer, with the offer it took and the next volume break. Rows without a
 * price (nobody to price for) stay as they are. The pipeline reads the process's copy of the rules, so a page
 * of cards costs no statement more. The rows are changed in place: the caller's own, read for this answer.
 */
export async function withListingPrices(db: DbOrTx, scope: { soldToCode: string; shipToCode: string; range: string }, rows: ProductRow[]): Promise<ProductRow[]> {
  const pricedRows = rows.filter((row) => row.pricePence !== null);
  if (pricedRows.length === 0) return rows;
  const lines = await adjustLines(
    db,
    priceContext(scope, null),
    pricedRows.map((row) => {
      const contractUnit = Number(row.pricePence);
      return lineToAdjust(row.code, row.categoryId, Math.max(1, row.minOrderQuantity), { contractUnit, listUnit: row.listPricePence ?? contractUnit, vatRateBp: row.vatRateBp });
    }),
  );
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
