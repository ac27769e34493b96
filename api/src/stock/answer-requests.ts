import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { writeEvent } from '../outbox/write-event';
import { backInStockEvent } from './back-in-stock-event';
import { selectRows } from './sql-rows';

interface Answered {
  requestId: number;
  userId: number;
  name: string;
  email: string;
  productCode: string;
  productName: string;
  backOn: string;
}

/**
 * In a feed's transaction, after its rows are written: every waiting request whose product this feed gave cases
 * for a date from the request's on is marked answered and gets its mail, both in this transaction (docs/stock.md).
 * The rows the feed wrote are those updated at this transaction's `now()`; a feed that repeats the stock it gave
 * before writes none, so it answers nothing twice. One statement, over the waiting requests only.
 */
export async function answerBackInStock(tx: Tx): Promise<number> {
  const answered = await selectRows<Answered>(
    tx,
    sql`with answered as (
      update back_in_stock_requests r set notified_at = now()
      where r.notified_at is null and exists (
        select 1 from stock_levels s
        where s.product_code = r.product_code and s.delivery_date >= r.from_date and s.available > 0 and s.updated_at = now())
      returning r.id, r.user_id, r.product_code, r.from_date
    )
    select a.id as "requestId", u.id as "userId", u.name, u.email, p.code as "productCode", p.name as "productName",
      (select min(s.delivery_date)::text from stock_levels s
        where s.product_code = a.product_code and s.delivery_date >= a.from_date and s.available > 0 and s.updated_at = now()) as "backOn"
    from answered a join users u on u.id = a.user_id join products p on p.code = a.product_code
    order by a.id`,
  );
  for (const row of answered) {
    await writeEvent(
      tx,
      backInStockEvent({ requestId: row.requestId, product: { code: row.productCode, name: row.productName }, backOn: row.backOn, recipient: { userId: row.userId, name: row.name, email: row.email } }),
    );
  }
  return answered.length;
}
