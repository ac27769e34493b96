import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import { selectRows } from './sql-rows';
import { checkStockRows, type StockRow, type StockRowProblem } from './feed-rows';
import type { StockFeedProblem } from './problems';
import { answerBackInStock } from './answer-requests';
import { readLowStockAgain } from './low-stock-copy';

/** What a feed did: rows new to the table, rows whose quantity changed, rows that said what was stored already. */
export interface StockFeedCounts {
  received: number;
  inserted: number;
  updated: number;
  unchanged: number;
}

/**
 * PostgreSQL's text form of an array of the feed's checked values. Product codes, dates and whole numbers hold no
 * quote or backslash (feed-rows.ts), so each is quoted as it is: at 100 000 rows, escaping each (db/text-array.ts)
 * held the event loop three times as long.
 */
const checkedArray = (values: readonly string[]): string => (values.length === 0 ? '{}' : `{"${values.join('","')}"}`);

/** The feed's product codes that are not in the catalogue: one statement for the whole feed. */
async function unknownProducts(tx: Tx, codes: readonly string[]): Promise<Set<string>> {
  const rows = await selectRows<{ code: string }>(
    tx,
    sql`select code from unnest(${checkedArray(codes)}::text[]) as feed(code) where not exists (select 1 from products where products.code = feed.code)`,
  );
  return new Set(rows.map((row) => row.code));
}

/**
 * Every row in one statement, in key order (two feeds of the same rows lock them in the same order: one waits,
 * neither deadlocks). A row that says what is stored already is left untouched and counted unchanged, so the
 * same feed again writes nothing.
 */
async function upsertLevels(tx: Tx, rows: readonly StockRow[]): Promise<Omit<StockFeedCounts, 'received'>> {
  const codes = checkedArray(rows.map((row) => row.productCode));
  const dates = checkedArray(rows.map((row) => row.deliveryDate));
  const quantities = checkedArray(rows.map((row) => String(row.available)));
  const [counts] = await selectRows<{ inserted: number; written: number }>(
    tx,
    sql`with written as (
      insert into stock_levels (product_code, delivery_date, available)
      select code, delivery_date, available from unnest(${codes}::text[], ${dates}::date[], ${quantities}::int[]) as feed(code, delivery_date, available)
      order by code, delivery_date
      on conflict (product_code, delivery_date) do update set available = excluded.available, updated_at = now()
      where stock_levels.available is distinct from excluded.available
      returning (xmax = 0) as inserted
    )
    select (count(*) filter (where inserted))::int as inserted, count(*)::int as written from written`,
  );
  const inserted = counts?.inserted ?? 0;
  const written = counts?.written ?? 0;
  return { inserted, updated: written - inserted, unchanged: rows.length - written };
}

/**
 * A stock feed from the ERP (docs/stock.md): every row is checked first, and a feed with any refused row writes
 * nothing; otherwise all of it is written in one transaction, with the mails of the "Tell me when it is back"
 * requests it answers. Rows not in the feed keep what they said.
 */
export async function applyStockFeed(db: Db, values: readonly unknown[]): Promise<Result<StockFeedCounts, StockFeedProblem>> {
  const { rows, problems } = checkStockRows(values);
  if (problems.length > 0) return fail({ kind: 'rowsRefused', problems });
  const applied = await inTransaction(db, async (tx): Promise<Result<StockFeedCounts, StockFeedProblem>> => {
    const unknown = await unknownProducts(tx, [...new Set(rows.map((row) => row.productCode))]);
    if (unknown.size > 0) {
      const refused: StockRowProblem[] = [];
      // Every row passed its own check, so rows[i] is the feed's row i.
      values.forEach((_value, index) => {
        const row = rows[index];
        if (row && unknown.has(row.productCode)) refused.push({ row: index, field: 'product', reason: `Product '${row.productCode}' does not exist` });
      });
      return fail({ kind: 'rowsRefused', problems: refused });
    }
    const counts = await upsertLevels(tx, rows);
    await answerBackInStock(tx);
    return ok({ received: rows.length, ...counts });
  });
  // The feed's own process knows the moment it is written; the others hear it from the trigger's notification.
  if (applied.ok) await readLowStockAgain(db);
  return applied;
}
