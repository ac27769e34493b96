import { isBankHoliday } from '../time/bank-holidays';
import { addDays, isoWeekday, type IsoDate } from '../time/calendar-date';
import type { DeliverySchedule } from '../delivery/delivery-dates';
import { londonWallClock } from '../time/london-time';
import { deliveriesFrom } from '../standing-orders/schedule';

/** An order for the weekday in this many of the last WEEKS_LOOKED_AT weeks makes it a usual day (docs/phone.md). */
export const USUAL_WEEKS = 3;
export const WEEKS_LOOKED_AT = 4;

/** One coming delivery of a ship-to's range whose reminder window is open now. */
export interface DueDelivery {
  /** The date delivered, after any bank-holiday move. */
  date: IsoDate;
  /** The usual weekday's own date; differs from `date` when a bank holiday moved the delivery. */
  ownDate: IsoDate;
  movedFrom: IsoDate | null;
  cutoff: Date;
}

const HOUR_MS = 3_600_000;
/** Own dates up to a week back may have been moved forward; a cut-off is never more than this far ahead. */
const LOOK_BACK_DAYS = 7;
const LOOK_AHEAD_DAYS = 14;

/**
 * The coming deliveries of one ship-to's range whose cut-off is less than `hours` away at `now` (and not yet
 * passed), each delivery weekday on its own. A delivery on a bank holiday moves as the delivery calendar
 * moves a standing order's (standing-orders/schedule.ts): to the next delivery day before the weekday comes
 * round again; a holiday nothing can take has no delivery, so no reminder.
 */
export function dueDeliveries(now: Date, schedule: DeliverySchedule, hours: number): DueDelivery[] {
  if (hours <= 0) return [];
  const today = londonWallClock(now).date;
  const due: DueDelivery[] = [];
  for (const weekday of new Set(schedule.deliveryWeekdays)) {
    const rule = { weekdays: [weekday], startDate: addDays(today, -LOOK_BACK_DAYS), endDate: null };
    for (const delivery of deliveriesFrom(rule, schedule, today, 3, addDays(today, LOOK_AHEAD_DAYS))) {
      if (delivery.holidaySkipped) continue;
      const opens = delivery.cutoff.getTime() - hours * HOUR_MS;
      if (now.getTime() < opens || now.getTime() >= delivery.cutoff.getTime()) continue;
      due.push({ date: delivery.date, ownDate: delivery.movedFrom ?? delivery.date, movedFrom: delivery.movedFrom, cutoff: delivery.cutoff });
    }
  }
  return due;
}

/**
 * The delivery dates that count as "ordered for that weekday" in each of the weeks before `ownDate`: the own
 * date a week, two, three and four weeks back, or, when a bank holiday fell on it, the delivery day it moved to
 * (an order for the Tuesday after an Easter Monday counts for the Monday).
 */
export function pastWeeks(ownDate: IsoDate, schedule: DeliverySchedule): IsoDate[][] {
  const weeks: IsoDate[][] = [];
  for (let week = 1; week <= WEEKS_LOOKED_AT; week++) {
    const own = addDays(ownDate, -7 * week);
    const dates = [own];
    if (isBankHoliday(own)) {
      for (let day = addDays(own, 1); day < addDays(own, 7); day = addDays(day, 1)) {
        if (schedule.deliveryWeekdays.includes(isoWeekday(day)) && !isBankHoliday(day)) {
          dates.push(day);
          break;
        }
      }
    }
    weeks.push(dates);
  }
  return weeks;
}

/** Whether the ship-to usually orders for `ownDate`'s weekday: an order in USUAL_WEEKS of the last WEEKS_LOOKED_AT weeks. */
export function isUsualDay(ownDate: IsoDate, schedule: DeliverySchedule, orderedOn: (date: IsoDate) => boolean): boolean {
  const ordered = pastWeeks(ownDate, schedule).filter((dates) => dates.some(orderedOn));
  return ordered.length >= USUAL_WEEKS;
}
