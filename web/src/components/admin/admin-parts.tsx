import Link from 'next/link';
import type { AppError } from '@/lib/errors/app-error';

/** Data that could not be loaded: said in place, with the API's own message. */
export function AdminLoadFailed({ error }: { error: AppError }) {
  return (
    <div role="alert" className="form-error">
      <p className="form-error-title">Could not load this page</p>
      <p>{error.description}</p>
    </div>
  );
}

/** Previous / next page links that keep the page's filters. */
export function AdminPager({ basePath, params, page, hasMore }: { basePath: string; params: Record<string, string | undefined>; page: number; hasMore: boolean }) {
  const href = (target: number) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
    if (target > 0) query.set('page', String(target));
    const text = query.toString();
    return `${basePath}${text ? `?${text}` : ''}`;
  };
  if (page === 0 && !hasMore) return null;
  return (
    <nav className="admin-pager" aria-label="Pages">
      {page > 0 ? <Link href={href(page - 1)}>Previous page</Link> : null}
      <span>Page {page + 1}</span>
      {hasMore ? <Link href={href(page + 1)}>Next page</Link> : null}
    </nav>
  );
}

const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });
export const formatDateTime = (iso: string) => DATE_TIME.format(new Date(iso));

const DAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** A calendar date ('2026-11-28', no zone: read at noon UTC) as 'Sat 28 Nov 2026'; anything else as it came. */
export function formatDay(isoDate: string): string {
  const at = new Date(`${isoDate}T12:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate) || Number.isNaN(at.getTime())) return isoDate;
  return DAY.formatToParts(at)
    .filter((part) => part.type !== 'literal')
    .map((part) => part.value)
    .join(' ');
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
export const weekdayNames = (days: number[]) => days.map((day) => WEEKDAYS[day - 1] ?? String(day)).join(' ');

/** One text value of a query string ('' and arrays count as absent). */
export const param = (value: string | string[] | undefined) => (typeof value === 'string' && value !== '' ? value : undefined);
export const pageParam = (value: string | string[] | undefined) => {
  const page = Number(param(value) ?? 0);
  return Number.isInteger(page) && page >= 0 && page <= 100_000 ? page : 0;
};
