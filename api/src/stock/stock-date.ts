import { checkDeliveryDate, orderableDeliveryDates, type DeliverySchedule } from '../delivery/delivery-dates';
import type { IsoDate } from '../time/calendar-date';

/**
 * The delivery date stock is told for (docs/stock.md): the cart's chosen date while it can still be ordered
 * for, else the ship-to's next delivery date; none when the ship-to has no delivery date open.
 */
export function stockDate(now: Date, schedule: DeliverySchedule, cartDate: IsoDate | null): IsoDate | undefined {
  if (cartDate !== null && checkDeliveryDate(now, cartDate, schedule) === 'orderable') return cartDate;
  return orderableDeliveryDates(now, schedule)[0]?.date;
}
