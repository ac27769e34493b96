import type { Metadata } from 'next';
import Link from 'next/link';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { CreditStatusBadge } from '@/components/credits/credit-status-badge';
import { formatShortDate } from '@/lib/commerce/dates';
import { listCreditRequests, outcomeText, type CreditRequest } from '@/lib/commerce/credits';
import pageStyles from '@/components/catalogue/page.module.css';
import accountStyles from '@/components/account/account.module.css';
import styles from '@/components/account/orders.module.css';
import creditStyles from '@/components/credits/credits.module.css';

export const metadata: Metadata = { title: 'Credit requests' };

/** One credit request of the list: its code, order, ship-to, status with what it means, and the amounts. */
function CreditEntry({ request }: { request: CreditRequest }) {
  const headingId = `credit-${request.code}`;
  return (
    <article className={styles.order} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.orderTitle}>
        <Link href={`/account/credits/${encodeURIComponent(request.code)}/`} prefetch={false}>
          <span className="visually-hidden">Credit request </span>
          {request.code}
        </Link>
      </h2>
      <dl className={styles.orderFacts}>
        <div>
          <dt>Checked in</dt>
          <dd>{formatShortDate(request.createdAt)}</dd>
        </div>
        <div>
          <dt>Order</dt>
          <dd>
            <Link href={`/account/orders/${encodeURIComponent(request.orderCode)}/`} prefetch={false}>
              {request.orderCode}
            </Link>
          </dd>
        </div>
        <div>
          <dt>Delivered to</dt>
          <dd>{request.shipTo.name}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <CreditStatusBadge status={request.status} />
            <span className={creditStyles.outcome}>{outcomeText(request)}</span>
          </dd>
        </div>
        <div>
          <dt>Requested amount</dt>
          <dd className={styles.total}>{request.gross.formattedValue}</dd>
        </div>
        {request.credited ? (
          <div>
            <dt>Credited</dt>
            <dd className={styles.total}>{request.credited.formattedValue}</dd>
          </div>
        ) : null}
      </dl>
    </article>
  );
}

/**
 * The credit requests of the user's ship-tos (docs/after-delivery.md "Credit requests"), newest first: made by
 * checking in a delivery, decided by Meadowvale; each links its detail and its order.
 */
export default async function CreditRequestsPage() {
  const result = await listCreditRequests();
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'Credit requests' }]} />
      <h1 className={pageStyles.title}>Credit requests</h1>
      {!result.ok ? (
        <LoadFailed error={result.error} />
      ) : result.data.creditRequests.length === 0 ? (
        <p className={accountStyles.empty}>
          No credit requests yet. When a delivery arrives short or damaged, check it in from the order within 48 hours and a credit request appears here.{' '}
          <Link href="/account/orders/">Order history</Link>
        </p>
      ) : (
        <ul className={styles.orders} aria-label="Credit requests">
          {result.data.creditRequests.map((request) => (
            <li key={request.code}>
              <CreditEntry request={request} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
