import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { products, soldTos } from '../../../db/schema';
import { textArray } from '../../../db/text-array';
import type { SourceRow } from '../import-file';
import type { ImportProblem } from '../import-report';
import { RowReader } from '../row-reader';

/** A price rule row as read from a file: its line, its product, and its sold-to (null: the list, or everyone). */
interface Referring {
  line: number;
  productCode: string;
  soldToCode: string | null;
}

/**
 * The rows whose sold-to and product exist; each other row becomes a problem worded as the `prices` kind words
 * it, so every price file tells the operator the same thing. Both are read once for the whole file: the price
 * rule files are checked whole.
 */
export async function withKnownReferences<Row extends Referring>(db: DbOrTx, rows: Row[], problems: ImportProblem[]): Promise<Row[]> {
  const productCodes = [...new Set(rows.map((row) => row.productCode))];
  const soldToCodes = [...new Set(rows.flatMap((row) => (row.soldToCode === null ? [] : [row.soldToCode])))];
  const knownProducts = new Set(
    productCodes.length === 0 ? [] : (await db.select({ code: products.code }).from(products).where(sql`${products.code} = any(${textArray(productCodes)})`)).map((row) => row.code),
  );
  const knownSoldTos = new Set(
    soldToCodes.length === 0 ? [] : (await db.select({ code: soldTos.code }).from(soldTos).where(sql`${soldTos.code} = any(${textArray(soldToCodes)})`)).map((row) => row.code),
  );
  return rows.filter((row) => {
    if (row.soldToCode !== null && !knownSoldTos.has(row.soldToCode)) problems.push({ line: row.line, column: 'soldTo', reason: `Sold-to '${row.soldToCode}' does not exist: import the customer first` });
    else if (!knownProducts.has(row.productCode)) problems.push({ line: row.line, column: 'product', reason: `Product '${row.productCode}' does not exist: import it first` });
    else return true;
    return false;
  });
}

/** Whose price a row is, in a problem's words. */
export const whosePrice = (soldToCode: string | null) => (soldToCode === null ? 'the list price' : `sold-to ${soldToCode}`);

/** Each line of a price rule file read by `readRow`, with its line number; what it could not read goes to `problems`. */
export function readLines<Row>(source: SourceRow[], readRow: (reader: RowReader) => Row | undefined, problems: ImportProblem[]): (Row & { line: number })[] {
  const read: (Row & { line: number })[] = [];
  for (const row of source) {
    const reader = new RowReader(row);
    const input = readRow(reader);
    problems.push(...reader.problems);
    if (input) read.push({ ...input, line: row.line });
  }
  return read;
}
