import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { BOOKING_HORIZON_DAYS } from '../delivery/delivery-dates';
import { arrayLiteral } from '../db/text-array';
import { addDays } from '../time/calendar-date';
import { londonDate } from '../time/london-time';
import { selectRows } from './sql-rows';
import { stockDate } from './stock-date';
import { stockLevelsByProduct } from './levels-by-product';
import { stockNotice, type StockNotice } from './stock-notice';

/** Whose stock question it is: a signed-in user's ship-to and range (their current cart's date counts). */
export interface StockScope {
  userId: number;
  shipToCode: string;
  range: string;
}

interface Row {
  deliveryWeekdays: number[];
  cutoffTime: string;
  cartDate: string | null;
  productCode: string | null;
  deliveryDate: string | null;
  available: number | null;
}

/**
 * The stock notices of a page of products, by code, in one statement: the ship-to's delivery days and its current
 * cart's date, beside the products' stock rows from tomorrow to the booking horizon (by the primary key). A
 * product without a notice is missing from the map. Nothing is read for no products.
 */
export async function stockNotices(db: DbOrTx, scope: StockScope, codes: readonly string[], now: Date): Promise<Map<string, StockNotice>> {
  const notices = new Map<string, StockNotice>();
  if (codes.length === 0) return notices;
  const today = londonDate(now);
  const rows = await selectRows<Row>(
    db,
    sql`select r.delivery_weekdays as "deliveryWeekdays", s.cutoff_time as "cutoffTime",
        (select c.requested_delivery_date::text from carts c
          where c.user_id = ${scope.userId} and c.ship_to_code = s.code and c.range = r.range and c.status = 'current') as "cartDate",
        l.product_code as "productCode", l.delivery_date::text as "deliveryDate", l.available
      from user_ship_tos u
      join ship_tos s on s.code = u.ship_to_code
      join ship_to_ranges r on r.ship_to_code = s.code and r.range = ${scope.range}
      left join stock_levels l on l.product_code = any(${arrayLiteral(codes)}::text[])
        and l.delivery_date > ${today}::date and l.delivery_date <= ${addDays(today, BOOKING_HORIZON_DAYS)}::date
      where u.user_id = ${scope.userId} and u.ship_to_code = ${scope.shipToCode}`,
  );
  const first = rows[0];
  // Most pages have no stock rows at all: the date's rule reads the calendar, so it is worked out only when needed.
  if (!first || !rows.some((row) => row.productCode !== null)) return notices;
  const date = stockDate(now, { deliveryWeekdays: first.deliveryWeekdays, cutoffTime: first.cutoffTime }, first.cartDate);
  if (date === undefined) return notices;
  for (const [code, levels] of stockLevelsByProduct(rows)) {
    const notice = stockNotice(levels, date);
    if (notice) notices.set(code, notice);
  }
  return notices;
}

