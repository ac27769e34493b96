import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { prices, products, soldTos } from '../../../db/schema';
import { refuseDuplicates, type BatchedKind } from '../import-kind';
import { RowReader } from '../row-reader';
import type { UpsertTarget } from '../staged-upsert';
import { textArray } from '../../../db/text-array';
import { upsertRows } from '../upsert';

export interface PriceImportRow {
  soldToCode: string;
  productCode: string;
  pricePence: number;
}

/** Which of `codes` (one batch of a file's) exist. */
async function existingProducts(db: DbOrTx, codes: string[]): Promise<Set<string>> {
  const rows = await db.select({ code: products.code }).from(products).where(sql`${products.code} = any(${textArray(codes)})`);
  return new Set(rows.map((row) => row.code));
}

const PRICE_TARGET = { table: prices, keys: [prices.soldToCode, prices.productCode], updated: [prices.pricePence] } satisfies UpsertTarget;

/** A sold-to's own price per case for a product (net of VAT); products without one sell at list price. */
export const priceImport: BatchedKind<PriceImportRow> = {
  kind: 'prices',
  columns: [
    { name: 'soldTo', required: true, help: 'Sold-to (paying customer) code', example: '0000100001' },
    { name: 'product', required: true, help: 'Product code', example: '100001' },
    { name: 'price', required: true, help: 'Price per case in pounds, net of VAT, at most two decimals', example: '8.95' },
  ],
  async startCheck(db) {
    // Sold-tos are few, read once per file; products are looked up a batch at a time.
    const knownSoldTos = new Set((await db.select({ code: soldTos.code }).from(soldTos)).map((row) => row.code));
    const seen = new Map<string, number>();
    return async (source, problems) => {
      const read: (PriceImportRow & { line: number })[] = [];
      for (const row of source) {
        const reader = new RowReader(row);
        const soldToCode = reader.code('soldTo');
        const productCode = reader.code('product');
        const pricePence = reader.pence('price');
        problems.push(...reader.problems);
        if (soldToCode && productCode && pricePence !== undefined) read.push({ line: row.line, soldToCode, productCode, pricePence });
      }
      const unique = refuseDuplicates(read, (row) => `${row.soldToCode}/${row.productCode}`, 'product', problems, seen);
      const knownProducts = await existingProducts(db, [...new Set(unique.map((row) => row.productCode))]);
      const rows = unique.filter((row) => {
        if (!knownSoldTos.has(row.soldToCode)) problems.push({ line: row.line, column: 'soldTo', reason: `Sold-to '${row.soldToCode}' does not exist: import the customer first` });
        else if (!knownProducts.has(row.productCode)) problems.push({ line: row.line, column: 'product', reason: `Product '${row.productCode}' does not exist: import it first` });
        else return true;
        return false;
      });
      return rows.map(({ line: _line, ...price }) => price);
    };
  },
  target: PRICE_TARGET,
  write(tx, rows) {
    return upsertRows(tx, PRICE_TARGET.table, rows, PRICE_TARGET.keys, PRICE_TARGET.updated);
  },
};
