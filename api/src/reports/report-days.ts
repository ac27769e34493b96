import { addDays, isValidIsoDate, type IsoDate } from '../time/calendar-date';
import { londonDate } from '../time/london-time';
import { fail, ok, type Result } from '../errors/result';
import type { ReportProblem } from './problems';

/** Years 2000 to 2999, as report-months.ts reads months, and a real calendar day. */
export const ISO_DAY = /^2\d{3}-\d{2}-\d{2}$/;
export const isReportDay = (value: string): boolean => ISO_DAY.test(value) && isValidIsoDate(value);

/** The operators' sales report covers the 28 days to today unless asked (docs/reports.md "Operators' reports"). */
export const DEFAULT_DAYS = 28;
/** The longest period it answers: two months of days still read as one bar a day on a phone. */
export const MAX_DAYS = 62;

/** Whole days from `from` to `to`, both included. */
export const dayCount = (from: IsoDate, to: IsoDate): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export function daysBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const days: IsoDate[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The days asked for, or the 28 London days to today; reversed or too long is a problem. */
export function salesPeriod(period: { from?: IsoDate; to?: IsoDate }, now: Date): Result<{ from: IsoDate; to: IsoDate }, ReportProblem> {
  const to = period.to ?? (period.from ? addDays(period.from, DEFAULT_DAYS - 1) : londonDate(now));
  const from = period.from ?? addDays(to, 1 - DEFAULT_DAYS);
  if (from > to) return fail({ kind: 'periodReversed' });
  const length = dayCount(from, to);
  if (length > MAX_DAYS) return fail({ kind: 'daysTooMany', days: length });
  return ok({ from, to });
}
