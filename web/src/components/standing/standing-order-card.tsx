import Link from 'next/link';
import { deliveryDay } from '@/lib/commerce/cutoff';
import { formatShortDate } from '@/lib/commerce/dates';
import { deliveryHref, standingOrderHref } from '@/lib/commerce/standing-delivery';
import type { StandingOrder } from '@/lib/commerce/standing-order-schemas';
import { everyWeekdays } from '@/lib/commerce/weekdays';
import { DeliveryFacts } from './delivery-facts';
import { StandingControls } from './standing-controls';
import { standingFrom, standingUntil } from './standing-dates';
import { DeliveryStatePill, StandingStatusPill } from './status-pills';
import accountStyles from '@/components/account/account.module.css';
import styles from './standing.module.css';

/** How many of the next dates a card shows; the standing order's page shows them all. */
const DATES_ON_CARD = 3;

/** One standing order in the list: what, when, its next dates (skipped and moved ones said so) and its controls. */
export function StandingOrderCard({ order }: { order: StandingOrder }) {
  const dates = order.nextDeliveries.slice(0, DATES_ON_CARD);
  const headingId = `standing-${order.code}`;
  return (
    <li className={accountStyles.card} aria-labelledby={headingId}>
      <div className={styles.cardHead}>
        <h2 id={headingId} className={accountStyles.cardTitle}>
          <Link href={standingOrderHref(order.code)}>{order.name}</Link>
        </h2>
        <StandingStatusPill status={order.status} />
      </div>
      <dl className={accountStyles.facts}>
        <dt>Delivery days</dt>
        <dd>{everyWeekdays(order.weekdays)}</dd>
        <dt>From</dt>
        <dd>{formatShortDate(`${standingFrom(order)}T12:00:00Z`)}</dd>
        <dt>Until</dt>
        <dd>{standingUntil(order, (date) => formatShortDate(`${date}T12:00:00Z`))}</dd>
        <dt>Each order</dt>
        <dd>
          {order.lines.length} {order.lines.length === 1 ? 'line' : 'lines'}, {order.totalPriceWithTax.formattedValue}
        </dd>
      </dl>
      {order.status === 'ended' && dates.length === 0 ? null : (
        <section aria-label={`Next dates of ${order.name}`}>
          <h3 className={styles.cardSubtitle}>{order.status === 'ended' ? 'Ordered before it ended' : 'Next dates'}</h3>
          {dates.length === 0 ? (
            <p className={styles.why}>None left before the end date.</p>
          ) : (
            <ul className={styles.compactDates}>
              {dates.map((delivery) => (
                <li key={delivery.date} data-state={delivery.state}>
                  <Link href={deliveryHref(order.code, delivery.date)} prefetch={false}>
                    {deliveryDay(delivery.date)}
                  </Link>
                  <DeliveryStatePill delivery={delivery} paused={order.status === 'paused'} />
                  <DeliveryFacts delivery={delivery} withCutoff={false} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <StandingControls code={order.code} name={order.name} status={order.status} />
    </li>
  );
}
