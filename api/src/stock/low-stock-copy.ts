import { and, gte, lte, sql } from 'drizzle-orm';
import type { Database, Db, DbOrTx } from '../db/client';
import { NotifiedCopy } from '../db/notified-copy';
import { stockLevels } from '../db/schema';
import { FEW_LEFT_CASES } from './stock-notice';

/** The channel migration 0032_low_stock_notify notifies on whenever a stock row is written with few cases left. */
const LOW_STOCK_CHANNEL = 'mv_low_stock';

/**
 * The products with few cases left on some delivery date from yesterday on (by the database's date, a day early so
 * no time zone misses one): a card can show a stock notice only for these (stock-notice.ts). More may be held than
 * have few left now (a row since raised, a date since passed); never fewer once the notification is heard.
 */
async function readLowStock(db: Db): Promise<ReadonlySet<string>> {
  const rows = await db
    .selectDistinct({ code: stockLevels.productCode })
    .from(stockLevels)
    .where(and(lte(stockLevels.available, FEW_LEFT_CASES), gte(stockLevels.deliveryDate, sql`current_date - 1`)));
  return new Set(rows.map((row) => row.code));
}

const copies = new WeakMap<DbOrTx, NotifiedCopy<ReadonlySet<string>>>();

/** Keeps, for the database `database.db` handles, the products a listing may have a stock notice for (docs/stock.md). */
export function keepLowStockCopy(database: Database, log: { warn(details: object, message: string): void }): NotifiedCopy<ReadonlySet<string>> {
  const copy = new NotifiedCopy(database, { channel: LOW_STOCK_CHANNEL, name: 'low stock', read: readLowStock }, log);
  copies.set(database.db, copy);
  return copy;
}

/**
 * The codes among `codes` that may have a stock notice: those the copy holds, or all of them while there is no copy
 * (not read yet, notifications lost, or a transaction's handle).
 */
export function mayBeLow(db: DbOrTx, codes: readonly string[]): readonly string[] {
  const low = copies.get(db)?.value;
  return low ? codes.filter((code) => low.has(code)) : codes;
}

/** After a write this process made: answers once the copy holds it (at once where there is no copy). */
export async function readLowStockAgain(db: DbOrTx): Promise<void> {
  await copies.get(db)?.readAgain();
}
