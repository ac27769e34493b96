import { firstDeliveryOn } from '@/lib/commerce/standing-order-form-schema';
import type { StandingOrder } from '@/lib/commerce/standing-order-schemas';

/** The "From" of a standing order: its first delivery, the first of its days on or after the date it starts. */
export const standingFrom = (order: Pick<StandingOrder, 'weekdays' | 'startDate'>): string => firstDeliveryOn(order.weekdays, order.startDate);

/** The "Until" of a standing order: ended, its last delivery date (formatted by the caller), or open-ended. */
export function standingUntil(order: Pick<StandingOrder, 'status' | 'endDate'>, format: (isoDate: string) => string): string {
  if (order.status === 'ended') return 'Ended: no more orders are placed from it';
  return order.endDate ? format(order.endDate) : 'You end it';
}
