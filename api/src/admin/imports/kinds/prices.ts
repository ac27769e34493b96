import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { prices, products, soldTos } from '../../../db/schema';
import { refuseDuplicates, type ImportKind } from '../import-kind';
import type { ImportProblem } from '../import-report';
import { RowReader } from '../row-reader';
import { upsertRows } from '../upsert';

export interface PriceImportRow {
  soldToCode: string;
  productCode: string;
  pricePence: number;
}

const LOOKUP_BATCH = 5000;

/** Which of `codes` exist, asked in batches so a file of 200 000 prices never sends one giant array. */
async function existingProducts(db: Db, codes: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < codes.length; start += LOOKUP_BATCH) {
    const rows = await db.select({ code: products.code }).from(products).where(inArray(products.code, codes.slice(start, start + LOOKUP_BATCH)));
    for (const row of rows) found.add(row.code);
  }
  return found;
}

/** A sold-to's own price per case for a product (net of VAT); products without one sell at list price. */
export const priceImport: ImportKind<PriceImportRow> = {
  kind: 'prices',
  columns: [
    { name: 'soldTo', required: true, help: 'Sold-to (paying customer) code', example: '0000100001' },
    { name: 'product', required: true, help: 'Product code', example: '100001' },
    { name: 'price', required: true, help: 'Price per case in pounds, net of VAT, at most two decimals', example: '8.95' },
  ],
  async check(db, source) {
    const problems: ImportProblem[] = [];
    const read: (PriceImportRow & { line: number })[] = [];
    for (const row of source) {
      const reader = new RowReader(row);
      const soldToCode = reader.code('soldTo');
      const productCode = reader.code('product');
      const pricePence = reader.pence('price');
      problems.push(...reader.problems);
      if (soldToCode && productCode && pricePence !== undefined) read.push({ line: row.line, soldToCode, productCode, pricePence });
    }
    const unique = refuseDuplicates(read, (row) => `${row.soldToCode}/${row.productCode}`, 'product', problems);
    const knownSoldTos = new Set((await db.select({ code: soldTos.code }).from(soldTos)).map((row) => row.code));
    const knownProducts = await existingProducts(db, [...new Set(unique.map((row) => row.productCode))]);
    const rows = unique.filter((row) => {
      if (!knownSoldTos.has(row.soldToCode)) problems.push({ line: row.line, column: 'soldTo', reason: `Sold-to '${row.soldToCode}' does not exist: import the customer first` });
      else if (!knownProducts.has(row.productCode)) problems.push({ line: row.line, column: 'product', reason: `Product '${row.productCode}' does not exist: import it first` });
      else return true;
      return false;
    });
    return { rows: rows.map(({ line: _line, ...price }) => price), problems };
  },
  write(tx, rows) {
    return upsertRows(tx, prices, rows, [prices.soldToCode, prices.productCode], [prices.pricePence]);
  },
};
