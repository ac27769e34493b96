import Link from 'next/link';
import { deliveryDay } from '@/lib/commerce/cutoff';
import { formatLondonInstant } from '@/lib/commerce/dates';
import type { Delivery } from '@/lib/commerce/standing-order-schemas';
import styles from './standing.module.css';

/**
 * What else there is to know about one delivery, in words: a bank holiday that moved it, a change for this
 * delivery only, why it was not placed, the order it became, or when its changes close.
 */
export function DeliveryFacts({ delivery, withCutoff = true, withOrder = true }: { delivery: Delivery; withCutoff?: boolean; withOrder?: boolean }) {
  return (
    <>
      {delivery.movedFrom ? <span>Moved from {deliveryDay(delivery.movedFrom)} (bank holiday)</span> : null}
      {delivery.problem ? <span>{delivery.problem}</span> : null}
      {delivery.changed && delivery.state !== 'placed' ? <span>Changed for this delivery</span> : null}
      {withOrder && delivery.orderCode ? (
        <span>
          Ordered as <Link href={`/account/orders/${encodeURIComponent(delivery.orderCode)}/`}>{delivery.orderCode}</Link>
        </span>
      ) : null}
      {withCutoff && delivery.state === 'scheduled' ? (
        <span className={styles.why}>
          {new Date(delivery.cutoff).getTime() > Date.now() ? 'Changes close' : 'Changes closed'} {formatLondonInstant(delivery.cutoff)}
        </span>
      ) : null}
    </>
  );
}
