import { isBankHoliday, isWorkingDay } from '../time/bank-holidays';
import { addDays, isoWeekday, type IsoDate } from '../time/calendar-date';
import { formatLondonIso, londonDate, londonInstant } from '../time/london-time';

/** How far ahead the storefront may book: comfortably more than the two weeks the shop shows ahead. */
export const BOOKING_HORIZON_DAYS = 28;

export interface DeliverySchedule {
  /** ISO weekdays (1 = Monday … 7 = Sunday) the ship-to receives this range. */
  deliveryWeekdays: number[];
  /** London time 'HH:MM' on the working day before delivery by which the order must be placed. */
  cutoffTime: string;
}

export interface DeliveryDate {
  date: IsoDate;
  /** When ordering for this date closes, ISO 8601 with London's offset. */
  cutoff: string;
}

/** A source of the current instant, so the rules can be tested at any moment (clock changes, cut-offs). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** The working day before a delivery date: weekends and bank holidays are skipped. */
export function workingDayBefore(date: IsoDate): IsoDate {
  let day = addDays(date, -1);
  while (!isWorkingDay(day)) day = addDays(day, -1);
  return day;
}

export function cutoffFor(date: IsoDate, schedule: Pick<DeliverySchedule, 'cutoffTime'>): Date {
  return londonInstant(workingDayBefore(date), schedule.cutoffTime);
}

function isDeliveryDay(date: IsoDate, schedule: DeliverySchedule): boolean {
  return schedule.deliveryWeekdays.includes(isoWeekday(date)) && !isBankHoliday(date);
}

/** Delivery dates still open for ordering at `now`, from tomorrow (London) up to the booking horizon. */
export function orderableDeliveryDates(now: Date, schedule: DeliverySchedule, horizonDays = BOOKING_HORIZON_DAYS): DeliveryDate[] {
  const today = londonDate(now);
  const dates: DeliveryDate[] = [];
  for (let offset = 1; offset <= horizonDays; offset++) {
    const date = addDays(today, offset);
    if (!isDeliveryDay(date, schedule)) continue;
    const cutoff = cutoffFor(date, schedule);
    if (now.getTime() < cutoff.getTime()) dates.push({ date, cutoff: formatLondonIso(cutoff) });
  }
  return dates;
}

export type DeliveryDateCheck = 'orderable' | 'notDeliveryDay' | 'pastCutoff' | 'beyondHorizon';

/** Why a requested date can or cannot be ordered for now: the checkout's typed answer. */
export function checkDeliveryDate(now: Date, date: IsoDate, schedule: DeliverySchedule): DeliveryDateCheck {
  if (!isDeliveryDay(date, schedule)) return 'notDeliveryDay';
  if (now.getTime() >= cutoffFor(date, schedule).getTime()) return 'pastCutoff';
  if (date > addDays(londonDate(now), BOOKING_HORIZON_DAYS)) return 'beyondHorizon';
  return 'orderable';
}
