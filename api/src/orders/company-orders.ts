import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, sum, type SQL } from 'drizzle-orm';
import { countedInBudget, periodOf, type PeriodRange } from '../spending-limits/limit-check';
import { rolesBySoldTo } from '../users/roles';
import type { DbOrTx } from '../db/client';
import { orders, shipTos, users } from '../db/schema';
import type { IsoDate } from '../time/calendar-date';
import { londonWallClock } from '../time/london-time';
import { fail, ok, type Result } from '../errors/result';
import type { OrderStatus } from '../order-status/order-status';
import { money } from '../pricing/money';
import { changesOfOrder, decisionsOfOrder, linesOfOrder, placingOperatorName } from './order-queries';
import { orderView } from './order-view';

/** What head office filters its sites' orders by (docs/api.md "Orders of the company"). */
export interface CompanyOrderFilter {
  site?: string;
  /** The orderer's sign-in name. */
  buyer?: string;
  status?: OrderStatus;
  /** Delivered on or after / on or before these days: the dates a period budget counts by. */
  from?: IsoDate;
  to?: IsoDate;
  /** Only the orders that spend a period budget: the week or month of `periodDate` (default today), or of `heldOrder`. */
  period?: PeriodRange;
  periodDate?: IsoDate;
  heldOrder?: string;
  currentPage: number;
  pageSize: number;
}

export type CompanyOrdersProblem =
  | { kind: 'notCompanyViewer' }
  | { kind: 'siteNotFound'; site: string }
  | { kind: 'orderNotFound'; code: string }
  | { kind: 'periodWithoutSite' };

interface Site {
  code: string;
  name: string;
  cutoffTime: string;
}

/**
 * Company admins and approvers see every order of the ship-tos of the sold-tos where they hold either role;
 * anyone else has no company view (a buyer's history is their own, orders/order-queries.ts).
 */
async function viewableSites(db: DbOrTx, userId: number): Promise<Site[] | undefined> {
  const roles = await rolesBySoldTo(db, userId);
  const soldTos = [...roles].filter(([, held]) => held.includes('admin') || held.includes('approver')).map(([soldTo]) => soldTo);
  if (soldTos.length === 0) return undefined;
  return db
    .select({ code: shipTos.code, name: shipTos.name, cutoffTime: shipTos.cutoffTime })
    .from(shipTos)
    .where(inArray(shipTos.soldToCode, soldTos))
    .orderBy(asc(shipTos.name), asc(shipTos.code));
}

interface Budget {
  condition: SQL | undefined;
  period: { range: PeriodRange; from: IsoDate; to: IsoDate };
}

/**
 * The period filter as the limit check counts it (spending-limits/limit-check.ts countedInBudget): for a held
 * order, its ship-to's period of its delivery date, with the held order itself (as the check counts it); else
 * the site's period of the date given.
 */
async function budgetOf(db: DbOrTx, sites: Site[], filter: CompanyOrderFilter, range: PeriodRange, now: Date): Promise<Result<Budget, CompanyOrdersProblem>> {
  let shipTo: string;
  let heldCode: string | undefined;
  let date: IsoDate;
  if (filter.heldOrder) {
    const [held] = await db
      .select({ shipTo: orders.shipToCode, deliveryDate: orders.deliveryDate })
      .from(orders)
      .where(and(eq(orders.code, filter.heldOrder), inArray(orders.shipToCode, sites.map((site) => site.code))))
      .limit(1);
    if (!held || (filter.site && held.shipTo !== filter.site)) return fail({ kind: 'orderNotFound', code: filter.heldOrder });
    shipTo = held.shipTo;
    heldCode = filter.heldOrder;
    date = held.deliveryDate;
  } else {
    if (!filter.site) return fail({ kind: 'periodWithoutSite' });
    shipTo = filter.site;
    date = filter.periodDate ?? londonWallClock(now).date;
  }
  const period = periodOf(date, range);
  // The check counts the order it checks whatever its status (held), beside the orders that spend the budget.
  const counted = countedInBudget(shipTo, period.from, period.to);
  return ok({ condition: heldCode ? or(counted, eq(orders.code, heldCode)) : counted, period: { range, ...period } });
}

/**
 * One page of the company's orders, newest first, with what the filters match in all (count and net total:
 * with a period filter, the budget's spend) and the sites and buyers to filter by.
 */
export async function companyOrders(db: DbOrTx, userId: number, filter: CompanyOrderFilter, now: Date) {
  const sites = await viewableSites(db, userId);
  if (!sites) return fail<CompanyOrdersProblem>({ kind: 'notCompanyViewer' });
  if (filter.site && !sites.some((site) => site.code === filter.site)) return fail<CompanyOrdersProblem>({ kind: 'siteNotFound', site: filter.site });
  const budget = filter.period ? await budgetOf(db, sites, filter, filter.period, now) : undefined;
  if (budget && !budget.ok) return budget;

  const siteCodes = filter.site ? [filter.site] : sites.map((site) => site.code);
  const where = and(
    inArray(orders.shipToCode, siteCodes),
    filter.buyer ? eq(users.username, filter.buyer.toLowerCase()) : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.from ? gte(orders.deliveryDate, filter.from) : undefined,
    filter.to ? lte(orders.deliveryDate, filter.to) : undefined,
    budget?.value.condition,
  );
  const [rows, [totals], buyers] = await Promise.all([
    db
      .select({ order: orders, lines: linesOfOrder, changes: changesOfOrder, decisions: decisionsOfOrder, placedByOperator: placingOperatorName, name: users.name, email: users.username })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(filter.pageSize)
      .offset(filter.currentPage * filter.pageSize),
    db
      .select({ count: count(), net: sql<number>`coalesce(${sum(orders.netPence)}, 0)::int` })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where),
    db
      .selectDistinct({ uid: users.username, name: users.name })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(inArray(orders.shipToCode, sites.map((site) => site.code)))
      .orderBy(asc(users.name), asc(users.username)),
  ]);
  const siteOf = new Map(sites.map((site) => [site.code, site]));
  const total = Number(totals?.count ?? 0);
  return ok({
    orders: rows.map(({ order, lines, changes, decisions, placedByOperator, name, email }) => {
      const site = siteOf.get(order.shipToCode);
      return {
        ...orderView({ order, lines, changes, decisions, placedByOperator, shipToName: site?.name ?? order.shipToCode, cutoffTime: site?.cutoffTime ?? '00:00' }, now),
        placedBy: { name, email },
      };
    }),
    pagination: { currentPage: filter.currentPage, pageSize: filter.pageSize, totalPages: Math.ceil(total / filter.pageSize), totalResults: total, sort: 'byDate' },
    sorts: [{ code: 'byDate', name: 'Newest first', selected: true }],
    totalNet: money(Number(totals?.net ?? 0)),
    period: budget?.value.period ?? null,
    sites: sites.map((site) => ({ code: site.code, name: site.name })),
    buyers,
  });
}
