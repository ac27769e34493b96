import type { DbOrTx } from '../db/client';
import type { DeliverySchedule } from '../delivery/delivery-dates';
import { deliveryOn } from '../standing-orders/schedule';
import { addDays, type IsoDate } from '../time/calendar-date';
import { londonWallClock } from '../time/london-time';
import { isUsualDay, WEEKS_LOOKED_AT, type DueDelivery } from './due-reminders';
import { activeStandingOrdersOf, orderedKeys, reminderKey, skippedDeliveries, type ActiveStandingOrder } from './reminder-queries';

/** One ship-to's range with its delivery calendar: what the usual-day rule needs of a site. */
interface SiteRange extends DeliverySchedule {
  shipToCode: string;
  range: string;
}

/** A coming delivery of one site's range, to be judged. */
export interface DeliveryCandidate<Site extends SiteRange> {
  row: Site;
  delivery: DueDelivery;
}

const scheduleOf = (row: SiteRange): DeliverySchedule => ({ deliveryWeekdays: row.deliveryWeekdays, cutoffTime: row.cutoffTime });

/** Whether one of the ship-to's standing orders will order this delivery (not skipped, not paused past its cut-off). */
function standingDelivery(candidate: DeliveryCandidate<SiteRange>, standing: ActiveStandingOrder[], skipped: Set<string>): boolean {
  const { row, delivery } = candidate;
  return standing.some((order) => {
    if (order.shipToCode !== row.shipToCode || order.range !== row.range) return false;
    const scheduled = deliveryOn(order, scheduleOf(row), delivery.date);
    if (!scheduled || scheduled.holidaySkipped || scheduled.cutoff.getTime() <= order.activeSince.getTime()) return false;
    return !skipped.has(`${order.id}/${delivery.date}`);
  });
}

/**
 * The deliveries among `candidates` (all of ship-tos in `codes`) that a site usually orders for and has not yet
 * (docs/phone.md "Cut-off reminders"): a usual day by the last weeks' orders, no order that went ahead or waits
 * for approval for it, and no standing order that will place it. Read-only, three statements whatever the number
 * of sites: the cut-off reminders and the call list (docs/calls.md) both ask this.
 */
export async function stillToOrder<Site extends SiteRange>(db: DbOrTx, now: Date, codes: string[], candidates: DeliveryCandidate<Site>[]): Promise<DeliveryCandidate<Site>[]> {
  if (candidates.length === 0) return [];
  const today = londonWallClock(now).date;
  const earliest = candidates.reduce<IsoDate>((min, { delivery }) => (delivery.ownDate < min ? delivery.ownDate : min), today);
  const latest = candidates.reduce<IsoDate>((max, { delivery }) => (delivery.date > max ? delivery.date : max), today);
  const ordered = await orderedKeys(db, codes, addDays(earliest, -7 * WEEKS_LOOKED_AT), latest);
  const standing = await activeStandingOrdersOf(db, codes);
  const skipped = await skippedDeliveries(db, standing.map((order) => order.id), today);
  return candidates.filter((candidate) => {
    const { row, delivery } = candidate;
    if (ordered.has(reminderKey(row.shipToCode, row.range, delivery.date))) return false;
    const orderedOn = (date: IsoDate) => ordered.has(reminderKey(row.shipToCode, row.range, date));
    if (!isUsualDay(delivery.ownDate, scheduleOf(row), orderedOn)) return false;
    return !standingDelivery(candidate, standing, skipped);
  });
}
