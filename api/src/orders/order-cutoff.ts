import { cutoffFor } from '../delivery/delivery-dates';
import { formatLondonIso } from '../time/london-time';
import { customerMayChange, type OrderStatus } from '../order-status/order-status';

export type AmendCheck = 'amendable' | 'statusClosed' | 'cutoffPassed';

/** When changes to an order close: the ship-to's cut-off on the working day before its delivery date. */
export function orderCutoff(deliveryDate: string, cutoffTime: string): Date {
  return cutoffFor(deliveryDate, { cutoffTime });
}

/**
 * Whether an order may still be amended or cancelled at `now`. A status that closed it says so first: a
 * cancelled order's cut-off passing is not the news.
 */
export function amendCheck(status: OrderStatus, cutoff: Date, now: Date): AmendCheck {
  if (!customerMayChange(status)) return 'statusClosed';
  if (now.getTime() >= cutoff.getTime()) return 'cutoffPassed';
  return 'amendable';
}

/** The two fields every order view carries: the cut-off in London's offset and whether it can still change. */
export function orderTiming(order: { status: OrderStatus; deliveryDate: string }, cutoffTime: string, now: Date) {
  const cutoff = orderCutoff(order.deliveryDate, cutoffTime);
  return { cutoff: formatLondonIso(cutoff), amendable: amendCheck(order.status, cutoff, now) === 'amendable' };
}
