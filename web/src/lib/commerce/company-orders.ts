import type { SessionUser } from '@/lib/session/session-data';

/**
 * Head office's filters on its sites' orders (docs/api.md "Orders of the company"), as the order history's address
 * carries them: a form sent by GET, so a filtered list can be bookmarked, shared and opened from a link (the
 * spend behind a period limit links to exactly the orders it counts).
 */
export interface CompanyOrderQuery {
  site?: string;
  buyer?: string;
  status?: string;
  /** Delivery dates, YYYY-MM-DD. */
  from?: string;
  to?: string;
  /** The orders a week's or month's budget counts: of `site` for `periodDate` (default today), or of `heldOrder`. */
  period?: string;
  periodDate?: string;
  heldOrder?: string;
}

const KEYS = ['site', 'buyer', 'status', 'from', 'to', 'period', 'periodDate', 'heldOrder'] as const;

/** The filters of a request's search parameters: strings only, trimmed and bounded; the API checks the rest. */
export function readCompanyOrderQuery(params: Record<string, string | string[] | undefined>): CompanyOrderQuery {
  const query: CompanyOrderQuery = {};
  for (const key of KEYS) {
    const value = params[key];
    if (typeof value === 'string' && value.trim() !== '') query[key] = value.trim().slice(0, 254);
  }
  return query;
}

/** The order history's address for these filters and 0-based page. */
export function companyOrdersHref(query: CompanyOrderQuery, page = 0): string {
  const search = new URLSearchParams();
  for (const key of KEYS) {
    const value = query[key];
    if (value) search.set(key, value);
  }
  if (page > 0) search.set('page', String(page + 1));
  const text = search.toString();
  return text ? `/account/orders/?${text}` : '/account/orders/';
}

/** Company admins and approvers see their sites' orders (the API checks again on every call). */
export const seesCompanyOrders = (user: Pick<SessionUser, 'roles'>): boolean =>
  user.roles?.some((entry) => entry.roles.includes('admin') || entry.roles.includes('approver')) ?? false;

/** A filter the browser's date fields let through but that can match nothing, said before asking the API. */
export const dateRangeProblem = (query: CompanyOrderQuery): string | undefined =>
  query.from && query.to && query.from > query.to ? '"Delivery to" must be on or after "Delivery from"' : undefined;

const ORDER_STATUSES = ['pendingApproval', 'awaitingCredit', 'placed', 'confirmed', 'picking', 'dispatched', 'delivered', 'cancelled', 'rejected', 'expired'] as const;
export const FILTER_STATUSES: readonly string[] = ORDER_STATUSES;

const shortDay = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const calendarDate = (iso: string) => new Date(`${iso}T12:00:00Z`);

/**
 * "this week", or "in the week of Mon 7 Dec"; "this month", or "in December 2026". `current` when the period was
 * asked for without a date (the API's today), else when it holds London's today.
 */
export function periodWords(period: { range: 'WEEK' | 'MONTH'; from: string; to: string }, current: boolean | string): string {
  if (typeof current === 'string') current = period.from <= current && current <= period.to;
  if (period.range === 'WEEK') return current ? 'this week' : `in the week of ${shortDay.format(calendarDate(period.from))}`;
  return current ? 'this month' : `in ${monthName.format(calendarDate(period.from))}`;
}

/** "these 4 orders", "this 1 order". */
export const countedOrdersWords = (count: number): string => (count === 1 ? 'this 1 order' : `these ${count} orders`);

/** Today's date in London (YYYY-MM-DD): budgets are counted on London's calendar. */
export const londonToday = (now = new Date()): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
