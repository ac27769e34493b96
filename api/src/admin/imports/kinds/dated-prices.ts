import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { datedPrices } from '../../../db/schema';
import { textArray } from '../../../db/text-array';
import { selectRows } from '../../../catalogue/sql-rows';
import { isValidIsoDate } from '../../../time/calendar-date';
import type { ImportKind } from '../import-kind';
import type { ImportProblem } from '../import-report';
import { RowReader } from '../row-reader';
import { readLines, whosePrice, withKnownReferences } from './price-rule-references';

export interface DatedPriceImportRow {
  productCode: string;
  /** Null: the list price. */
  soldToCode: string | null;
  validFrom: string;
  /** Null: in force from validFrom on, with no end. */
  validTo: string | null;
  pricePence: number;
}

type Located = DatedPriceImportRow & { line: number };
type Dates = Pick<DatedPriceImportRow, 'validFrom' | 'validTo'>;

/** After every real date, so an open end compares as the latest. */
const OPEN_END = '9999-12-31';

const overlap = (a: Dates, b: Dates) => a.validFrom <= (b.validTo ?? OPEN_END) && b.validFrom <= (a.validTo ?? OPEN_END);
const datesText = (row: Dates) => (row.validTo === null ? `${row.validFrom} onwards` : `${row.validFrom} to ${row.validTo}`);
/** A product's price list (its list price, or one sold-to's): the rows that must not overlap. */
const listOf = (row: Pick<DatedPriceImportRow, 'productCode' | 'soldToCode'>) => `${row.productCode}\u0000${row.soldToCode ?? ''}`;
/** The key a stored row is changed by: its price list and first day. */
const keyOf = (row: Pick<DatedPriceImportRow, 'productCode' | 'soldToCode' | 'validFrom'>) => `${listOf(row)}\u0000${row.validFrom}`;

function readDate(reader: RowReader, column: 'validFrom' | 'validTo', optional: boolean): string | null | undefined {
  const value = reader.text(column, { max: 10, optional });
  if (value === undefined) return optional && !reader.has(column) ? null : undefined;
  return isValidIsoDate(value) ? value : reader.problem(column, 'Must be a date, YYYY-MM-DD');
}

function readRow(reader: RowReader): DatedPriceImportRow | undefined {
  const soldToCode = reader.code('soldTo', true) ?? null;
  const productCode = reader.code('product');
  const validFrom = readDate(reader, 'validFrom', false);
  const validTo = readDate(reader, 'validTo', true);
  const pricePence = reader.pence('price');
  if (validFrom && validTo && validTo < validFrom) reader.problem('validTo', `Must be on or after validFrom (${validFrom}), or empty for no end`);
  if (productCode === undefined || !validFrom || validTo === undefined || pricePence === undefined || reader.problems.length > 0) return undefined;
  return { productCode, soldToCode, validFrom, validTo, pricePence };
}

/** Rows of the same price list whose dates overlap an earlier line's: the later line is refused, naming both. */
function refuseOverlapsInFile(rows: Located[], problems: ImportProblem[]): Located[] {
  const kept = new Map<string, Located[]>();
  return rows.filter((row) => {
    const list = kept.get(listOf(row)) ?? [];
    const earlier = list.find((other) => overlap(other, row));
    if (earlier) {
      problems.push({
        line: row.line,
        column: 'validFrom',
        reason: `Lines ${earlier.line} and ${row.line} overlap: both price product ${row.productCode} for ${whosePrice(row.soldToCode)}, ${datesText(earlier)} and ${datesText(row)}`,
      });
      return false;
    }
    kept.set(listOf(row), [...list, row]);
    return true;
  });
}

/**
 * Rows overlapping a stored row of the same price list are refused, naming the stored row's dates. A stored row
 * the file gives again (same first day) is the one the file changes, so its stored dates do not count.
 */
async function refuseOverlapsStored(db: DbOrTx, rows: Located[], problems: ImportProblem[]): Promise<Located[]> {
  const codes = [...new Set(rows.map((row) => row.productCode))];
  if (codes.length === 0) return rows;
  const stored = await db
    .select({ productCode: datedPrices.productCode, soldToCode: datedPrices.soldToCode, validFrom: datedPrices.validFrom, validTo: datedPrices.validTo })
    .from(datedPrices)
    .where(sql`${datedPrices.productCode} = any(${textArray(codes)})`);
  const changed = new Set(rows.map(keyOf));
  const byList = new Map<string, typeof stored>();
  for (const row of stored) {
    if (!changed.has(keyOf(row))) byList.set(listOf(row), [...(byList.get(listOf(row)) ?? []), row]);
  }
  return rows.filter((row) => {
    const clash = byList.get(listOf(row))?.find((other) => overlap(other, row));
    if (!clash) return true;
    problems.push({
      line: row.line,
      column: 'validFrom',
      reason: `Overlaps the stored price of product ${row.productCode} for ${whosePrice(row.soldToCode)}, ${datesText(clash)}: a row with validFrom ${clash.validFrom} in this file changes it`,
    });
    return false;
  });
}

/**
 * Prices in force for a range of delivery dates (docs/pricing.md "Importing dated prices and volume breaks"),
 * keyed on product, sold-to (empty: the list price) and first day: a known key changes that row's last day and
 * price, an identical row is left unchanged. Price lists are short beside the catalogue, and the overlap checks
 * need a product's rows together, so a file is checked whole.
 */
export const datedPriceImport: ImportKind<DatedPriceImportRow> = {
  kind: 'datedPrices',
  columns: [
    { name: 'soldTo', required: false, help: "Sold-to (paying customer) code for that sold-to's own price; empty for the list price", example: '' },
    { name: 'product', required: true, help: 'Product code', example: '100001' },
    { name: 'validFrom', required: true, help: 'First delivery date the price is in force, YYYY-MM-DD', example: '2026-12-07' },
    { name: 'validTo', required: false, help: 'Last delivery date it is in force, YYYY-MM-DD, on or after validFrom; empty for no end', example: '' },
    { name: 'price', required: true, help: 'Price per case in pounds, net of VAT, at most two decimals', example: '8.95' },
  ],
  async check(db, source) {
    const problems: ImportProblem[] = [];
    const read: Located[] = readLines(source, readRow, problems);
    const apart = refuseOverlapsInFile(read, problems);
    const known = await withKnownReferences(db, apart, problems);
    const rows = await refuseOverlapsStored(db, known, problems);
    return { rows: rows.map(({ line: _line, ...row }) => row), problems };
  },
  async write(tx, rows) {
    if (rows.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
    // The table has no unique key to upsert on (rows are told apart by their dates): the lock makes a second
    // import wait for the first, so two of them never both add the same row.
    await tx.execute(sql`lock table ${datedPrices} in share row exclusive mode`);
    const column = <K extends keyof DatedPriceImportRow>(key: K) => textArray(rows.map((row) => (row[key] === null ? null : String(row[key]))));
    const [counts] = await selectRows<{ inserted: number; updated: number }>(
      tx,
      sql`with incoming as (
        select * from unnest(${column('productCode')}, ${column('soldToCode')}, ${column('validFrom')}::date[], ${column('validTo')}::date[], ${column('pricePence')}::integer[])
          as i(product_code, sold_to_code, valid_from, valid_to, price_pence)
      ), changed as (
        update ${datedPrices} d set valid_to = i.valid_to, price_pence = i.price_pence from incoming i
        where d.product_code = i.product_code and d.sold_to_code is not distinct from i.sold_to_code and d.valid_from = i.valid_from
          and (d.valid_to, d.price_pence) is distinct from (i.valid_to, i.price_pence)
        returning d.id
      ), added as (
        insert into ${datedPrices} (product_code, sold_to_code, valid_from, valid_to, price_pence)
        select i.product_code, i.sold_to_code, i.valid_from, i.valid_to, i.price_pence from incoming i
        where not exists (
          select 1 from ${datedPrices} d where d.product_code = i.product_code and d.sold_to_code is not distinct from i.sold_to_code and d.valid_from = i.valid_from
        )
        returning id
      )
      select (select count(*) from added)::int as inserted, (select count(*) from changed)::int as updated`,
    );
    const inserted = counts?.inserted ?? 0;
    const updated = counts?.updated ?? 0;
    return { inserted, updated, unchanged: rows.length - inserted - updated };
  },
};
