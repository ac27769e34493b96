import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import type { IsoDate } from '../time/calendar-date';
import { selectRows } from './sql-rows';

/** A line of an order being placed, as the stock check reads it. */
export interface StockLine {
  productCode: string;
  name: string;
  quantity: number;
}

/** A line that wants more than is left for the delivery date. */
export interface ShortLine extends StockLine {
  available: number;
}

/** Product codes and case counts are plain: quoted as they are (no quote or backslash in either). */
const plainArray = (values: readonly string[]) => `{"${values.join('","')}"}`;

/**
 * The checkout's re-check (docs/stock.md): within the order's transaction, locks the stock rows of its lines for
 * the delivery date in product order (two checkouts of the same products queue, neither deadlocks) and answers
 * the lines that want more than is left. When none does, the order's cases are taken off those rows, so the next
 * customer sees what is left until the ERP's next feed says otherwise. Lines of products without a row for the
 * date are not limited.
 */
export async function takeStock(tx: Tx, deliveryDate: IsoDate, lines: readonly StockLine[]): Promise<ShortLine[]> {
  if (lines.length === 0) return [];
  const wanted = new Map<string, StockLine>();
  for (const line of lines) {
    const earlier = wanted.get(line.productCode);
    wanted.set(line.productCode, earlier ? { ...earlier, quantity: earlier.quantity + line.quantity } : line);
  }
  const codes = [...wanted.keys()];
  const rows = await selectRows<{ productCode: string; available: number }>(
    tx,
    sql`select product_code as "productCode", available from stock_levels
      where delivery_date = ${deliveryDate}::date and product_code = any(${plainArray(codes)}::text[])
      order by product_code for update`,
  );
  if (rows.length === 0) return [];
  const short = rows.flatMap((row) => {
    const line = wanted.get(row.productCode);
    return line && line.quantity > row.available ? [{ ...line, available: row.available }] : [];
  });
  if (short.length > 0) return short;
  const limited = rows.map((row) => row.productCode);
  await tx.execute(sql`update stock_levels set available = available - taken.quantity
    from unnest(${plainArray(limited)}::text[], ${plainArray(limited.map((code) => String(wanted.get(code)?.quantity ?? 0)))}::int[]) as taken(code, quantity)
    where stock_levels.product_code = taken.code and stock_levels.delivery_date = ${deliveryDate}::date`);
  return [];
}
