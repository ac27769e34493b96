import { sql } from 'drizzle-orm';
import { LIMITS } from '../../../carts/limits';
import { selectRows } from '../../../catalogue/sql-rows';
import { volumeTiers } from '../../../db/schema';
import { textArray } from '../../../db/text-array';
import { refuseDuplicates, type ImportKind } from '../import-kind';
import type { ImportProblem } from '../import-report';
import { RowReader } from '../row-reader';
import { readLines, withKnownReferences } from './price-rule-references';

export interface VolumeTierImportRow {
  productCode: string;
  /** Null: the break is everyone's. */
  soldToCode: string | null;
  minQuantity: number;
  pricePence: number;
}

type Located = VolumeTierImportRow & { line: number };

function readRow(reader: RowReader): VolumeTierImportRow | undefined {
  const productCode = reader.code('product');
  const soldToCode = reader.code('soldTo', true) ?? null;
  // One case is the price itself, not a break; a break above the most a line may hold could never be reached.
  const minQuantity = reader.integer('minQuantity', 2, LIMITS.quantity);
  const pricePence = reader.pence('price');
  if (productCode === undefined || minQuantity === undefined || pricePence === undefined || reader.problems.length > 0) return undefined;
  return { productCode, soldToCode, minQuantity, pricePence };
}

/**
 * Volume breaks (docs/pricing.md "Importing dated prices and volume breaks"), keyed on product, sold-to (empty:
 * everyone) and minimum quantity: a known key changes its price, an identical row is left unchanged. A file adds
 * and changes breaks; it never removes the breaks it leaves out. Files are short, so a file is checked whole.
 */
export const volumeTierImport: ImportKind<VolumeTierImportRow> = {
  kind: 'volumeTiers',
  columns: [
    { name: 'product', required: true, help: 'Product code', example: '100001' },
    { name: 'soldTo', required: false, help: "Sold-to (paying customer) code for that sold-to's own break, which replaces everyone's for it; empty for everyone", example: '' },
    { name: 'minQuantity', required: true, help: `Cases on the line from which the price applies, 2 to ${LIMITS.quantity}`, example: '5' },
    { name: 'price', required: true, help: 'Price per case in pounds from that quantity, net of VAT, at most two decimals', example: '8.50' },
  ],
  async check(db, source) {
    const problems: ImportProblem[] = [];
    const read: Located[] = readLines(source, readRow, problems);
    const unique = refuseDuplicates(read, (row) => `${row.productCode}/${row.soldToCode ?? 'everyone'}/${row.minQuantity}`, 'minQuantity', problems);
    const rows = await withKnownReferences(db, unique, problems);
    return { rows: rows.map(({ line: _line, ...row }) => row), problems };
  },
  async write(tx, rows) {
    if (rows.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
    const column = <K extends keyof VolumeTierImportRow>(key: K) => textArray(rows.map((row) => (row[key] === null ? null : String(row[key]))));
    // Written in key order, so two imports of the same breaks lock them in the same order and neither deadlocks.
    const [counts] = await selectRows<{ inserted: number; written: number }>(
      tx,
      sql`with written as (
        insert into ${volumeTiers} (product_code, sold_to_code, min_quantity, price_pence)
        select i.product_code, i.sold_to_code, i.min_quantity, i.price_pence
        from unnest(${column('productCode')}, ${column('soldToCode')}, ${column('minQuantity')}::integer[], ${column('pricePence')}::integer[])
          as i(product_code, sold_to_code, min_quantity, price_pence)
        order by i.product_code, coalesce(i.sold_to_code, ''), i.min_quantity
        on conflict (product_code, (coalesce(sold_to_code, '')), min_quantity) do update set price_pence = excluded.price_pence
        where ${volumeTiers}.price_pence is distinct from excluded.price_pence
        returning (xmax = 0) as inserted
      )
      select (count(*) filter (where inserted))::int as inserted, count(*)::int as written from written`,
    );
    const inserted = counts?.inserted ?? 0;
    const written = counts?.written ?? 0;
    return { inserted, updated: written - inserted, unchanged: rows.length - written };
  },
};
