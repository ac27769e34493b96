import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { approvalLimits, categories, orderLines, orderSpendDays, orders, products, shipTos } from '../db/schema';
import { DELIVERY_CHARGES, sentNetPence, sentProductCode } from './sent-lines';
import { fail, ok, type Result } from '../errors/result';
import { SPENDING_STATUSES } from '../order-status/order-status';
import { londonDate } from '../time/london-time';
import { soldTosWithRole } from '../users/roles';
import { addMonths, datesOf, DEFAULT_MONTHS, MAX_MONTHS, monthCount, monthOf, monthsBetween, type IsoMonth } from './report-months';
import type { ReportProblem } from './problems';

export interface SpendPeriod {
  from?: IsoMonth;
  to?: IsoMonth;
}

export interface SiteLimit {
  code: string;
  periodRange: 'WEEK' | 'MONTH';
  thresholdPence: number;
}

export interface SiteSpend {
  code: string;
  name: string;
  /** Pence, net of VAT: the site's spend in the whole period. */
  spendPence: number;
  /** One entry per month of the period, in order, months without orders at 0. */
  months: { month: IsoMonth; spendPence: number }[];
  /** The site's period limits (docs/approvals.md "Limits"), for the chart to show a month's spend against. */
  limits: SiteLimit[];
}

export interface SpendReport {
  from: IsoMonth;
  to: IsoMonth;
  months: IsoMonth[];
  totalPence: number;
  sites: SiteSpend[];
  byMonth: { month: IsoMonth; spendPence: number }[];
  categories: { code: string; name: string; spendPence: number }[];
}

/** The period asked for, or this London month and the five before it; reversed or too long is a problem. */
export function spendPeriod(period: SpendPeriod, now: Date): Result<{ from: IsoMonth; to: IsoMonth }, ReportProblem> {
  const to = period.to ?? (period.from ? addMonths(period.from, DEFAULT_MONTHS - 1) : monthOf(londonDate(now)));
  const from = period.from ?? addMonths(to, 1 - DEFAULT_MONTHS);
  if (from > to) return fail({ kind: 'periodReversed' });
  const length = monthCount(from, to);
  if (length > MAX_MONTHS) return fail({ kind: 'periodTooLong', months: length });
  return ok({ from, to });
}

/**
 * Head office's spend (docs/reports.md): the net value of its sites' orders in the statuses that spend a budget
 * (order-status.ts SPENDING_STATUSES, as the limits count them), by site, month of delivery and category, for
 * the sold-tos where the user is a company admin.
 */
export async function spendReport(db: DbOrTx, userId: number, period: SpendPeriod, now: Date): Promise<Result<SpendReport, ReportProblem>> {
  const range = spendPeriod(period, now);
  if (!range.ok) return range;
  const { from, to } = range.value;
  const soldTos = await soldTosWithRole(db, userId, 'admin');
  if (soldTos.length === 0) return fail({ kind: 'notCompanyAdmin' });
  const sites = await db
    .select({ code: shipTos.code, name: shipTos.name })
    .from(shipTos)
    .where(inArray(shipTos.soldToCode, soldTos))
    .orderBy(asc(shipTos.name), asc(shipTos.code));
  const siteCodes = sites.map((site) => site.code);
  const { first, last } = datesOf(from, to);
  const statuses = [...SPENDING_STATUSES];
  const spent = and(inArray(orders.shipToCode, siteCodes), gte(orders.deliveryDate, first), lte(orders.deliveryDate, last), inArray(orders.status, statuses));

  const [bySiteMonth, byCategory, charges, limits, tree] = await Promise.all([
    // The running totals the order writes keep per ship-to, day and status (db/schema/order-spend-days.ts).
    db
      .select({
        site: orderSpendDays.shipToCode,
        month: sql<string>`to_char(${orderSpendDays.deliveryDate}, 'YYYY-MM')`,
        pence: sql<number>`sum(${orderSpendDays.netPence})::bigint`.mapWith(Number),
      })
      .from(orderSpendDays)
      .where(and(inArray(orderSpendDays.shipToCode, siteCodes), gte(orderSpendDays.deliveryDate, first), lte(orderSpendDays.deliveryDate, last), inArray(orderSpendDays.status, statuses)))
      .groupBy(orderSpendDays.shipToCode, sql`2`),
    // The lines of the same orders, read off the orders' ship-to and delivery index and the lines' covering index.
    // Each line as sent (sent-lines.ts), so that with the orders' delivery charges they add up to the total.
    db
      .select({ category: products.categoryId, pence: sql<number>`sum(${sentNetPence})::bigint`.mapWith(Number) })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .leftJoin(products, eq(products.code, sentProductCode))
      .where(spent)
      .groupBy(products.categoryId),
    db
      .select({ pence: sql<number>`coalesce(sum(${orders.deliveryChargePence}), 0)::bigint`.mapWith(Number) })
      .from(orders)
      .where(spent),
    db
      .select({ code: approvalLimits.code, site: approvalLimits.shipToCode, periodRange: approvalLimits.periodRange, thresholdPence: approvalLimits.thresholdPence })
      .from(approvalLimits)
      .where(and(inArray(approvalLimits.soldToCode, soldTos), eq(approvalLimits.type, 'periodThreshold')))
      .orderBy(asc(approvalLimits.id)),
    db.select({ id: categories.id, name: categories.name, parentId: categories.parentId, position: categories.position }).from(categories),
  ]);

  const months = monthsBetween(from, to);
  const siteReports = sites.map((site): SiteSpend => {
    const spent = new Map(bySiteMonth.filter((row) => row.site === site.code).map((row) => [row.month, row.pence]));
    const siteMonths = months.map((month) => ({ month, spendPence: spent.get(month) ?? 0 }));
    return {
      ...site,
      spendPence: siteMonths.reduce((sum, month) => sum + month.spendPence, 0),
      months: siteMonths,
      limits: limits.filter((limit) => limit.site === site.code).map((limit) => ({ code: limit.code, periodRange: limit.periodRange as SiteLimit['periodRange'], thresholdPence: limit.thresholdPence })),
    };
  });
  const byMonth = months.map((month, index) => ({ month, spendPence: siteReports.reduce((sum, site) => sum + (site.months[index]?.spendPence ?? 0), 0) }));
  return ok({
    from,
    to,
    months,
    totalPence: byMonth.reduce((sum, month) => sum + month.spendPence, 0),
    sites: siteReports,
    byMonth,
    categories: topCategories(byCategory, tree, charges[0]?.pence ?? 0),
  });
}

interface CategoryNode {
  id: string;
  name: string;
  parentId: string | null;
  position: number;
}

/** Which top category (the one under a range, e.g. Milk under Dairy) a product's leaf category sits in. */
function topCategoryOf(leaf: string, byId: Map<string, CategoryNode>): CategoryNode | undefined {
  let node = byId.get(leaf);
  while (node) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    if (!parent?.parentId) return node;
    node = parent;
  }
  return undefined;
}

/**
 * Line totals by leaf category summed into top categories, largest first; lines of unknown products as "Other",
 * the orders' delivery charges as "Delivery charges".
 */
export function topCategories(rows: { category: string | null; pence: number }[], tree: CategoryNode[], chargesPence: number): SpendReport['categories'] {
  const byId = new Map(tree.map((node) => [node.id, node]));
  const totals = new Map<string, { code: string; name: string; spendPence: number }>();
  for (const row of rows) {
    const top = row.category ? topCategoryOf(row.category, byId) : undefined;
    const key = top?.id ?? 'OTHER';
    const entry = totals.get(key) ?? { code: key, name: top?.name ?? 'Other', spendPence: 0 };
    entry.spendPence += row.pence;
    totals.set(key, entry);
  }
  if (chargesPence !== 0) totals.set(DELIVERY_CHARGES, { code: DELIVERY_CHARGES, name: 'Delivery charges', spendPence: chargesPence });
  return [...totals.values()].filter((entry) => entry.spendPence !== 0).sort((a, b) => b.spendPence - a.spendPence || a.name.localeCompare(b.name));
}
