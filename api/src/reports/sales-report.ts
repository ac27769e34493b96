import { and, desc, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { categories, orderLines, orders, products, soldTos } from '../db/schema';
import { ok, type Result } from '../errors/result';
import { SPENDING_STATUSES } from '../order-status/order-status';
import { addDays, type IsoDate } from '../time/calendar-date';
import { daysBetween, salesPeriod } from './report-days';
import { topCategories } from './spend-report';
import { sentNetPence, sentProductCode } from './sent-lines';
import type { ReportProblem } from './problems';

/** How many customers the top customers table lists. */
export const TOP_CUSTOMERS = 10;
/** Lapsed: an order delivered in the 8 weeks before the last 2, none since (docs/reports.md). */
export const RECENT_DAYS = 14;
export const LAPSED_WINDOW_DAYS = 56;
/** The most lapsed customers listed, the largest spenders first. */
export const MAX_LAPSED = 50;

export interface SalesReport {
  from: IsoDate;
  to: IsoDate;
  totalPence: number;
  orderCount: number;
  byDay: { day: IsoDate; salesPence: number; orders: number }[];
  ranges: { code: string; name: string; salesPence: number }[];
  categories: { code: string; name: string; salesPence: number }[];
  topCustomers: { code: string; name: string; salesPence: number; orders: number }[];
  /** As of `to`: windows [to-69, to-14] and from to-13 on. */
  lapsed: { window: { from: IsoDate; to: IsoDate }; customers: { code: string; name: string; lastDelivery: IsoDate; salesPence: number }[] };
  /** Lines of delivered orders with a reported delivered quantity; null when there are none. */
  fillRate: { orderedQuantity: number; deliveredQuantity: number; basisPoints: number | null };
}

/**
 * The operators' sales report (docs/reports.md "Operators' reports"): every customer's orders in the statuses
 * that spend (SPENDING_STATUSES, as head office's spend report counts), by London delivery date. Each read finds
 * the orders through orders_delivery_report_idx (delivery date first) rather than scanning the table.
 */
export async function salesReport(db: DbOrTx, period: { from?: IsoDate; to?: IsoDate }, now: Date): Promise<Result<SalesReport, ReportProblem>> {
  const range = salesPeriod(period, now);
  if (!range.ok) return range;
  const { from, to } = range.value;
  const statuses = [...SPENDING_STATUSES];
  const inPeriod = and(gte(orders.deliveryDate, from), lte(orders.deliveryDate, to), inArray(orders.status, statuses));
  const recentFrom = addDays(to, 1 - RECENT_DAYS);
  const lapsedFrom = addDays(recentFrom, -LAPSED_WINDOW_DAYS);
  const lapsedTo = addDays(recentFrom, -1);
  const pence = sql<number>`sum(${orders.netPence})::bigint`.mapWith(Number);
  const count = sql<number>`count(*)::int`.mapWith(Number);
  // The lines of the orders found, by their ids as one array: the lines' index is then read for those orders
  // alone, where a join lets the planner prefer a scan of every line once the period holds a few thousand orders.
  const linesOf = (where: SQL | undefined) => sql`${orderLines.orderId} = any(array(${db.select({ id: orders.id }).from(orders).where(where)}))`;

  const [byDayRange, byCategory, top, lapsed, fill, tree] = await Promise.all([
    db
      .select({ day: orders.deliveryDate, range: orders.range, pence, count, charges: sql<number>`sum(${orders.deliveryChargePence})::bigint`.mapWith(Number) })
      .from(orders)
      .where(inPeriod)
      .groupBy(orders.deliveryDate, orders.range),
    // A line counts as sent: a substituted line at the substitute's value and in its product's category, as the
    // order's net value counts it (orders/substitutions.ts sentTotals).
    db
      .select({ category: products.categoryId, pence: sql<number>`sum(${sentNetPence})::bigint`.mapWith(Number) })
      .from(orderLines)
      .leftJoin(products, eq(products.code, sentProductCode))
      .where(linesOf(inPeriod))
      .groupBy(products.categoryId),
    db
      .select({ code: orders.soldToCode, name: sql<string>`min(${soldTos.name})`, pence, count })
      .from(orders)
      .leftJoin(soldTos, eq(soldTos.code, orders.soldToCode))
      .where(inPeriod)
      .groupBy(orders.soldToCode)
      .orderBy(desc(pence), orders.soldToCode)
      .limit(TOP_CUSTOMERS),
    // From the window's first day on, with no upper bound: an order for next week means the customer is back.
    db
      .select({ code: orders.soldToCode, name: sql<string>`min(${soldTos.name})`, last: sql<string>`max(${orders.deliveryDate})::text`, pence })
      .from(orders)
      .leftJoin(soldTos, eq(soldTos.code, orders.soldToCode))
      .where(and(gte(orders.deliveryDate, lapsedFrom), inArray(orders.status, statuses)))
      .groupBy(orders.soldToCode)
      .having(sql`max(${orders.deliveryDate}) < ${recentFrom}`)
      .orderBy(desc(pence), orders.soldToCode)
      .limit(MAX_LAPSED),
    db
      .select({ ordered: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::bigint`.mapWith(Number), delivered: sql<number>`coalesce(sum(${orderLines.deliveredQuantity}), 0)::bigint`.mapWith(Number) })
      .from(orderLines)
      .where(and(linesOf(and(gte(orders.deliveryDate, from), lte(orders.deliveryDate, to), eq(orders.status, 'delivered'))), isNotNull(orderLines.deliveredQuantity))),
    db.select({ id: categories.id, name: categories.name, parentId: categories.parentId, position: categories.position }).from(categories),
  ]);

  const days = new Map<string, { salesPence: number; orders: number }>();
  const ranges = new Map<string, number>();
  let chargesPence = 0;
  for (const row of byDayRange) {
    chargesPence += row.charges;
    const day = days.get(row.day) ?? { salesPence: 0, orders: 0 };
    day.salesPence += row.pence;
    day.orders += row.count;
    days.set(row.day, day);
    ranges.set(row.range, (ranges.get(row.range) ?? 0) + row.pence);
  }
  const byDay = daysBetween(from, to).map((day) => ({ day, ...(days.get(day) ?? { salesPence: 0, orders: 0 }) }));
  const rangeName = new Map(tree.filter((node) => node.parentId === null).map((node) => [node.id, node.name]));
  const { ordered, delivered } = fill[0] ?? { ordered: 0, delivered: 0 };
  return ok({
    from,
    to,
    totalPence: byDay.reduce((sum, day) => sum + day.salesPence, 0),
    orderCount: byDay.reduce((sum, day) => sum + day.orders, 0),
    byDay,
    ranges: [...ranges]
      .map(([code, salesPence]) => ({ code, name: rangeName.get(code) ?? code, salesPence }))
      .sort((a, b) => b.salesPence - a.salesPence || a.code.localeCompare(b.code)),
    categories: topCategories(byCategory, tree, chargesPence).map(({ code, name, spendPence }) => ({ code, name, salesPence: spendPence })),
    topCustomers: top.map((row) => ({ code: row.code, name: row.name ?? row.code, salesPence: row.pence, orders: row.count })),
    lapsed: {
      window: { from: lapsedFrom, to: lapsedTo },
      customers: lapsed.map((row) => ({ code: row.code, name: row.name ?? row.code, lastDelivery: row.last, salesPence: row.pence })),
    },
    fillRate: { orderedQuantity: ordered, deliveredQuantity: delivered, basisPoints: ordered === 0 ? null : Math.round((delivered * 10_000) / ordered) },
  });
}
