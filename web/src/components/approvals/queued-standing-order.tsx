import type { ReactNode } from 'react';
import { OrderLinesBrief } from '@/components/account/order-lines';
import type { StandingQueueItem } from '@/lib/commerce/approval-calls';
import { formatCalendarDate } from '@/lib/commerce/dates';
import { everyWeekdays } from '@/lib/commerce/weekdays';
import styles from '@/components/account/orders.module.css';

/**
 * A standing order waiting for approval, as its approver decides on it: who set it up for which site, its days and
 * dates, its lines and one delivery's total at today's prices, and the `decide` form. Once approved, a delivery
 * more than 10 % over that total is not placed (docs/approvals.md "Standing orders").
 */
export function QueuedStandingOrderCard({ standing, decide }: { standing: StandingQueueItem; decide: ReactNode }) {
  const headingId = `standing-approval-${standing.code}`;
  return (
    <article className={styles.order} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.orderTitle}>
        Standing order {standing.code}
        {standing.name ? ` · ${standing.name}` : ''}
      </h3>
      <dl className={styles.orderFacts}>
        <div>
          <dt>Ship-to</dt>
          <dd>{standing.shipTo.name}</dd>
        </div>
        {standing.placedBy ? (
          <div>
            <dt>Set up by</dt>
            <dd>
              {standing.placedBy.name} ({standing.placedBy.email})
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Deliveries</dt>
          <dd>
            {everyWeekdays(standing.weekdays)}, from {formatCalendarDate(standing.startDate)}
            {standing.endDate ? ` to ${formatCalendarDate(standing.endDate)}` : ''}
          </dd>
        </div>
        <div>
          <dt>Each delivery (net)</dt>
          <dd className={styles.total}>{standing.deliveryTotal.formattedValue}</dd>
        </div>
      </dl>
      <OrderLinesBrief lines={standing.lines} label={`Lines of standing order ${standing.code}`} />
      {decide}
    </article>
  );
}
