import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderLines, orders, users } from '../../db/schema';
import { csvRow } from './csv';

export const EXPORT_COLUMNS = [
  'order_code',
  'placed_at',
  'status',
  'sold_to',
  'ship_to',
  'sales_org',
  'customer_id',
  'delivery_date',
  'purchase_order_number',
  'entry_number',
  'product_code',
  'product_name',
  'pack_size',
  'quantity',
  'delivered_quantity',
  'unit_price_pence',
  'vat_rate_bp',
  'net_pence',
  'vat_pence',
] as const;

/** Midnight of a calendar date in London, where the business keeps its days. */
const londonMidnight = (date: string) => sql`(${date}::date::timestamp at time zone 'Europe/London')`;

/**
 * The lines of every order placed from `from` to `to` (calendar days in London, both included), one CSV
 * row per line with the order's facts repeated, amounts in pence: what an ERP that reads files imports.
 */
export async function exportOrderLines(db: Db, from: string, to: string): Promise<string> {
  const rows = await db
    .select({ order: orders, line: orderLines, customerId: users.customerId })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(gte(orders.placedAt, londonMidnight(from)), lt(orders.placedAt, sql`${londonMidnight(to)} + interval '1 day'`)))
    .orderBy(asc(orders.placedAt), asc(orders.id), asc(orderLines.lineNumber));
  return (
    csvRow([...EXPORT_COLUMNS]) +
    rows
      .map(({ order, line, customerId }) =>
        csvRow([
          order.code,
          order.placedAt.toISOString(),
          order.status,
          order.soldToCode,
          order.shipToCode,
          order.range,
          customerId,
          order.deliveryDate,
          order.purchaseOrderNumber,
          line.lineNumber,
          line.productCode,
          line.name,
          line.packSize,
          line.quantity,
          line.deliveredQuantity,
          line.unitPricePence,
          line.vatRateBp,
          line.netPence,
          line.vatPence,
        ]),
      )
      .join('')
  );
}
