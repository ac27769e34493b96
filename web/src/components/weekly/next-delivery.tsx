import type { OpenDate } from '@/lib/commerce/cutoff';
import { getDeliveryDates } from '@/lib/commerce/delivery';
import type { ShopScope } from '@/lib/commerce/scope';
import { CutoffCountdown } from './cutoff-countdown';

/** How many open dates the browser keeps, so the countdown moves on by itself when a cut-off passes. */
const DATES_KEPT = 6;

/** The next open delivery dates of the account and range; undefined when they cannot be read (the countdown is left out). */
export async function nextDeliveryDates(scope: ShopScope): Promise<OpenDate[] | undefined> {
  const result = await getDeliveryDates(scope);
  return result.ok ? result.data.deliveryDates.slice(0, DATES_KEPT) : undefined;
}

/** The next orderable delivery of the active account and range, counting down to its cut-off. */
export async function NextDelivery({ scope, variant }: { scope: ShopScope; variant: 'header' | 'cart' }) {
  const dates = await nextDeliveryDates(scope);
  return dates ? <CutoffCountdown dates={dates} variant={variant} /> : null;
}
