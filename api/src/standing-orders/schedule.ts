import { isBankHoliday } from '../time/bank-holidays';
import { addDays, isoWeekday, type IsoDate } from '../time/calendar-date';
import { cutoffFor, workingDayBefore, type DeliverySchedule } from '../delivery/delivery-dates';
import { londonInstant } from '../time/london-time';

/** The rule of a standing order: these weekdays, from the start date, up to the end date if any. */
export interface StandingRule {
  weekdays: number[];
  startDate: IsoDate;
  endDate: IsoDate | null;
}

/** One delivery a standing order yields, after the delivery calendar has had its say. */
export interface ScheduledDelivery {
  /** The delivery date after any bank-holiday move; for a delivery the holiday cancels, the holiday itself. */
  date: IsoDate;
  /** The standing order's own date this one replaces, when a bank holiday moved it. */
  movedFrom: IsoDate | null;
  /** True when a bank holiday fell on the date and no delivery day before the next own date could take it. */
  holidaySkipped: boolean;
  /** When the order is placed and changes close. */
  cutoff: Date;
}

export const BANK_HOLIDAY_SKIP = 'Bank holiday: no delivery';

/** A moved delivery lands before the next own date, so it is never more than a week after its own date. */
const LONGEST_MOVE_DAYS = 7;
/** How far generation looks for dates, whatever the rule: weekdays never chosen must not loop forever. */
const SEARCH_LIMIT_DAYS = 800;

const isOwnDate = (rule: StandingRule, date: IsoDate) => rule.weekdays.includes(isoWeekday(date));

/** The first own date strictly after `date`, ignoring the end date: a move must land before it. */
function nextOwnDate(rule: StandingRule, date: IsoDate): IsoDate | undefined {
  for (let offset = 1; offset <= 7; offset++) {
    const candidate = addDays(date, offset);
    if (isOwnDate(rule, candidate)) return candidate;
  }
  return undefined;
}

/**
 * Where a delivery on a bank holiday goes: the next delivery day of the ship-to (any of its weekdays for the
 * range) that is not itself a holiday, provided it comes before the standing order's next own date.
 */
function movedDate(rule: StandingRule, holiday: IsoDate, schedule: DeliverySchedule): IsoDate | undefined {
  const limit = nextOwnDate(rule, holiday) ?? addDays(holiday, LONGEST_MOVE_DAYS);
  for (let day = addDays(holiday, 1); day < limit; day = addDays(day, 1)) {
    if (schedule.deliveryWeekdays.includes(isoWeekday(day)) && !isBankHoliday(day)) return day;
  }
  return undefined;
}

function deliveryFor(rule: StandingRule, own: IsoDate, schedule: DeliverySchedule): ScheduledDelivery {
  if (!isBankHoliday(own)) return { date: own, movedFrom: null, holidaySkipped: false, cutoff: cutoffFor(own, schedule) };
  const moved = movedDate(rule, own, schedule);
  if (moved) return { date: moved, movedFrom: own, holidaySkipped: false, cutoff: cutoffFor(moved, schedule) };
  return { date: own, movedFrom: null, holidaySkipped: true, cutoff: cutoffFor(own, schedule) };
}

/**
 * The deliveries of a standing order whose (moved) date is on or after `from`, in date order, at most `limit`
 * of them and none after `until` when given.
 */
export function deliveriesFrom(rule: StandingRule, schedule: DeliverySchedule, from: IsoDate, limit: number, until?: IsoDate): ScheduledDelivery[] {
  const deliveries: ScheduledDelivery[] = [];
  if (rule.weekdays.length === 0) return deliveries;
  // An own date up to a week before `from` may have been moved onto or after it.
  const earliest = addDays(from, -LONGEST_MOVE_DAYS);
  let own = rule.startDate > earliest ? rule.startDate : earliest;
  const last = addDays(from, SEARCH_LIMIT_DAYS);
  for (; deliveries.length < limit && own <= last; own = addDays(own, 1)) {
    if (rule.endDate !== null && own > rule.endDate) break;
    if (!isOwnDate(rule, own)) continue;
    const delivery = deliveryFor(rule, own, schedule);
    if (until !== undefined && delivery.date > until) break;
    if (delivery.date >= from) deliveries.push(delivery);
  }
  return deliveries;
}

/** The delivery a standing order yields on `date` (after moves), if it yields one there. */
export function deliveryOn(rule: StandingRule, schedule: DeliverySchedule, date: IsoDate): ScheduledDelivery | undefined {
  return deliveriesFrom(rule, schedule, date, 1, date).find((delivery) => delivery.date === date);
}

const REMINDER_TIME = '08:00';
const REMINDER_LEAD_MS = 60 * 60 * 1000;

/** 08:00 London on the working day before the delivery, but never later than one hour before its cut-off. */
export function reminderDue(delivery: ScheduledDelivery): Date {
  const morning = londonInstant(workingDayBefore(delivery.date), REMINDER_TIME);
  const latest = new Date(delivery.cutoff.getTime() - REMINDER_LEAD_MS);
  return morning.getTime() < latest.getTime() ? morning : latest;
}
