import { addDays, isoDate, type IsoDate } from '../time/calendar-date';

/** A calendar month as 'YYYY-MM'; reports count orders by their delivery date, a London day, so by London month. */
export type IsoMonth = string;

/** Years 2000 to 2999: the calendar helpers read years below 100 as 19xx, and no order is older. */
export const ISO_MONTH = /^2\d{3}-(0[1-9]|1[0-2])$/;

/** How many months a report covers unless asked otherwise: this month and the five before it (docs/reports.md). */
export const DEFAULT_MONTHS = 6;
/** The longest period a report answers, so that a request cannot ask for a century of months. */
export const MAX_MONTHS = 24;

const parts = (month: IsoMonth): [number, number] => month.split('-').map(Number) as [number, number];

export const monthOf = (date: IsoDate): IsoMonth => date.slice(0, 7);

export function addMonths(month: IsoMonth, count: number): IsoMonth {
  const [year, number] = parts(month);
  const index = year * 12 + (number - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** How many months from `from` to `to`, both included. */
export function monthCount(from: IsoMonth, to: IsoMonth): number {
  const [fromYear, fromMonth] = parts(from);
  const [toYear, toMonth] = parts(to);
  return (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
}

/** The months from `from` to `to`, both included, in order. */
export function monthsBetween(from: IsoMonth, to: IsoMonth): IsoMonth[] {
  const months: IsoMonth[] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) months.push(month);
  return months;
}

/** The first and last delivery dates of a run of months. */
export function datesOf(from: IsoMonth, to: IsoMonth): { first: IsoDate; last: IsoDate } {
  const [fromYear, fromMonth] = parts(from);
  const [toYear, toMonth] = parts(to);
  return { first: isoDate(fromYear, fromMonth, 1), last: addDays(isoDate(toYear, toMonth + 1, 1), -1) };
}
