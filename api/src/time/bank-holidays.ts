import { addDays, isoDate, isoWeekday, type IsoDate } from './calendar-date';

/**
 * England and Wales bank holidays, computed from the rules of the Banking and Financial Dealings Act 1971
 * and the standing proclamations, so no yearly table needs maintaining. One-off changes made by royal
 * proclamation cannot be computed: they are listed in ONE_OFF_CHANGES. None has been announced for 2025–2028;
 * the past ones are kept so the rule can be checked against the published lists.
 */
interface OneOffChange {
  add: IsoDate[];
  remove: IsoDate[];
}

const ONE_OFF_CHANGES: Record<number, OneOffChange> = {
  // VE Day 75: the early May holiday moved from Monday 4 to Friday 8 May.
  2020: { add: ['2020-05-08'], remove: ['2020-05-04'] },
  // Platinum Jubilee: spring holiday moved to Thursday 2 June, extra Friday 3 June; State Funeral 19 September.
  2022: { add: ['2022-06-02', '2022-06-03', '2022-09-19'], remove: ['2022-05-30'] },
  // Coronation of King Charles III.
  2023: { add: ['2023-05-08'], remove: [] },
};

/** Easter Sunday by the anonymous Gregorian computus (Meeus/Jones/Butcher). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDate(year, month, day);
}

function firstMonday(year: number, month: number): IsoDate {
  const first = isoDate(year, month, 1);
  return addDays(first, (8 - isoWeekday(first)) % 7);
}

function lastMonday(year: number, month: number): IsoDate {
  const last = addDays(isoDate(year, month + 1, 1), -1);
  return addDays(last, -((isoWeekday(last) + 6) % 7));
}

/** A holiday on a weekend moves to the next weekday not already taken by another holiday. */
function substitute(date: IsoDate, taken: Set<IsoDate>): IsoDate {
  let day = date;
  while (isoWeekday(day) >= 6 || taken.has(day)) day = addDays(day, 1);
  return day;
}

export function bankHolidays(year: number): IsoDate[] {
  const easter = easterSunday(year);
  const taken = new Set<IsoDate>();
  const take = (date: IsoDate) => {
    taken.add(date);
    return date;
  };
  take(substitute(isoDate(year, 1, 1), taken));
  take(addDays(easter, -2));
  take(addDays(easter, 1));
  take(firstMonday(year, 5));
  take(lastMonday(year, 5));
  take(lastMonday(year, 8));
  // Christmas first, then Boxing Day, so each substitute lands on its own weekday.
  take(substitute(isoDate(year, 12, 25), taken));
  take(substitute(isoDate(year, 12, 26), taken));
  const change = ONE_OFF_CHANGES[year];
  if (change) {
    for (const date of change.remove) taken.delete(date);
    for (const date of change.add) taken.add(date);
  }
  return [...taken].sort();
}

const cache = new Map<number, Set<IsoDate>>();

export function isBankHoliday(date: IsoDate): boolean {
  const year = Number(date.slice(0, 4));
  let holidays = cache.get(year);
  if (!holidays) {
    holidays = new Set(bankHolidays(year));
    cache.set(year, holidays);
  }
  return holidays.has(date);
}

/** Monday to Friday and not a bank holiday. */
export function isWorkingDay(date: IsoDate): boolean {
  return isoWeekday(date) <= 5 && !isBankHoliday(date);
}
