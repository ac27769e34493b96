import Link from 'next/link';
import { formatCalendarDate } from '@/lib/commerce/dates';
import { deliveryChoices, deliveryHref } from '@/lib/commerce/standing-delivery';
import type { StandingOrder } from '@/lib/commerce/standing-order-schemas';
import { DeliveryFacts } from './delivery-facts';
import { SkipDeliveryButton } from './skip-delivery-button';
import { DeliveryStatePill } from './status-pills';
import styles from './standing.module.css';

/** A standing order's next deliveries, each with Skip or Unskip and a link to review or change that one delivery. */
export function DeliveryList({ order, now }: { order: StandingOrder; now: number }) {
  if (order.nextDeliveries.length === 0) {
    return <p className={styles.note}>No more deliveries: {order.status === 'ended' ? 'this standing order has ended.' : 'its last delivery date has passed.'}</p>;
  }
  return (
    <>
      {order.status === 'ended' ? (
        <p className={styles.note}>This standing order has ended: these deliveries were ordered before it ended and still come.</p>
      ) : null}
      <ul className={styles.deliveries} aria-label="Next deliveries">
        {order.nextDeliveries.map((delivery) => {
          const choices = deliveryChoices(delivery, order.status, now);
          return (
            <li key={delivery.date} className={styles.delivery} data-state={delivery.state}>
              <div className={styles.deliveryInfo}>
                <span>
                  <span className={styles.deliveryDate}>{formatCalendarDate(delivery.date)}</span>{' '}
                  <DeliveryStatePill delivery={delivery} paused={order.status === 'paused'} />
                </span>
                <DeliveryFacts delivery={delivery} />
              </div>
              <div className={styles.deliveryActions}>
                {choices.skip || choices.unskip ? <SkipDeliveryButton code={order.code} date={delivery.date} skipped={choices.unskip} /> : null}
                <Link href={deliveryHref(order.code, delivery.date)} prefetch={false}>
                  {choices.edit ? 'Review or change' : 'View'}
                  <span className="visually-hidden"> the delivery on {formatCalendarDate(delivery.date)}</span>
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
