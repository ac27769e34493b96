import type { StandingOrder } from '@/lib/commerce/standing-order-schemas';

/** The "Until" of a standing order: ended, its last delivery date (formatted by the caller), or open-ended. */
export function standingUntil(order: Pick<StandingOrder, 'status' | 'endDate'>, format: (isoDate: string) => string): string {
  if (order.status === 'ended') return 'Ended: no more orders are placed from it';
  return order.endDate ? format(order.endDate) : 'You end it';
}
