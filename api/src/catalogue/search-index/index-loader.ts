import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { SELLABLE } from '../filters';
import type { ProductRow } from '../product-view';
import { selectRows } from '../sql-rows';
import type { LoadedProduct } from './product-store';
import { compareText } from './text-order';

/** Rows read per statement, so a 100 000-product load never holds every row's text at once. */
const PAGE = 2_000;

/** A product row as search reads it (product-view.ts), with the list price, its document and change number. */
interface ProductLine extends Omit<ProductRow, 'pricePence' | 'description'> {
  listPricePence: number;
  document: string | null;
  sellable: boolean;
  change: string;
}

/** Every product changed at or after change number `from` (all of them from 0), in change order, a page at a time. */
export async function readChangedProducts(db: DbOrTx, from: number, apply: (product: LoadedProduct) => void): Promise<void> {
  let next = from;
  for (;;) {
    // food_marks is below 2^47: exact as a double, which node-postgres reads as a number (an int8 as a string).
    const lines = await selectRows<ProductLine>(
      db,
      sql`select code, name, brand, range, category_id as "categoryId", pack_size as "packSize", pack_type as "packType",
        sales_unit as "salesUnit", vat_rate_bp as "vatRateBp", storage, storage_text as "storageText",
        shelf_life_days as "shelfLifeDays", min_order_quantity as "minOrderQuantity", stock_status as "stockStatus",
        featured, collections, discontinued, food_marks::float8 as "foodMarkBits", list_price_pence as "listPricePence", search_document::text as document,
        (${SELLABLE}) as sellable, search_change::text as change
      from products where search_change >= ${next} order by search_change limit ${PAGE}`,
    );
    for (const line of lines) {
      const { listPricePence, document, sellable, change, ...row } = line;
      apply({ row, listPricePence, document: document ?? '', sellable });
      next = Number(change) + 1;
    }
    if (lines.length < PAGE) return;
  }
}

/** A sold-to's own prices, product code → pence. */
export async function readSoldToPrices(db: DbOrTx, soldTo: string): Promise<Map<string, number>> {
  const rows = await selectRows<{ code: string; pence: number }>(
    db,
    sql`select product_code as code, price_pence as pence from prices where sold_to_code = ${soldTo}`,
  );
  return new Map(rows.map((row) => [row.code, row.pence]));
}

export interface PriceChange {
  soldTo: string;
  code: string;
  pence: number;
}

/** Every price changed at or after change number `from`, a page at a time. */
export async function readChangedPrices(db: DbOrTx, from: number, apply: (change: PriceChange) => void): Promise<void> {
  let next = from;
  for (;;) {
    const rows = await selectRows<PriceChange & { change: string }>(
      db,
      sql`select sold_to_code as "soldTo", product_code as code, price_pence as pence, search_change::text as change
      from prices where search_change >= ${next} order by search_change limit ${PAGE}`,
    );
    for (const { change, ...price } of rows) {
      apply(price);
      next = Number(change) + 1;
    }
    if (rows.length < PAGE) return;
  }
}

/** Strings whose order tells byte order from a linguistic collation (case, accents, punctuation, beyond U+FFFF). */
const COLLATION_PROBES = ['b', 'B', 'a', 'A', 'é', 'e', 'f', ' a', '-a', 'a b', 'ab', 'a-c', '1', 'Z', 'ä', 'Ω', '\u{1F600}', '\uFF01', ''];

/**
 * Whether the database orders text by code point (the "C" or C.UTF-8 collation), as the index sorts names.
 * Under a linguistic collation the index stands aside and PostgreSQL sorts.
 */
export async function sortsByCodePoint(db: DbOrTx): Promise<boolean> {
  const values = sql.join(
    COLLATION_PROBES.map((probe) => sql`(${probe}::text)`),
    sql`, `,
  );
  const [row] = await selectRows<{ ordered: string[] }>(db, sql`select array_agg(v order by v) as ordered from (values ${values}) as probe(v)`);
  const expected = [...COLLATION_PROBES].sort(compareText);
  return JSON.stringify(row?.ordered ?? []) === JSON.stringify(expected);
}
