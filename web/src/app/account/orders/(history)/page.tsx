import type { Metadata } from 'next';
import Link from 'next/link';
import { OrderLinesBrief } from '@/components/account/order-lines';
import { ReorderButton } from '@/components/account/reorder-button';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { CheckinDueMark, dueDeadlines } from '@/components/checkin/checkins-due';
import { Pagination } from '@/components/catalogue/pagination';
import { formatCalendarDate, formatShortDate } from '@/lib/commerce/dates';
import { listOrders } from '@/lib/commerce/orders';
import { shopScope } from '@/lib/commerce/scope';
import type { OrderSummary } from '@/lib/commerce/types';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { shortBy } from '@/components/orders/order-status';
import { latestNote } from '@/components/orders/order-updates';
import { reasonText } from '@/lib/commerce/approvals';
import orderStyles from '@/components/orders/orders.module.css';
import pageStyles from '@/components/catalogue/page.module.css';
import accountStyles from '@/components/account/account.module.css';
import styles from '@/components/account/orders.module.css';

export const metadata: Metadata = { title: 'Order history' };

const pageHref = (page: number) => (page === 0 ? '/account/orders/' : `/account/orders/?page=${page + 1}`);

/** One order of the history (docs/decisions-left-open.md): its facts as labelled rows that wrap on a phone, its lines, Reorder. */
function OrderEntry({ order, checkinDeadline }: { order: OrderSummary; checkinDeadline?: string }) {
  const headingId = `order-${order.code}`;
  const orderHref = `/account/orders/${encodeURIComponent(order.code)}/`;
  return (
    <article className={styles.order} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.orderTitle}>
        <Link href={orderHref} prefetch={false}>
          <span className="visually-hidden">Order </span>
          {order.code}
        </Link>
      </h2>
      <dl className={styles.orderFacts}>
        <div>
          <dt>Placed</dt>
          <dd>{formatShortDate(order.placed)}</dd>
        </div>
        <div>
          <dt>Delivery date</dt>
          <dd>{formatCalendarDate(order.deliveryDate)}</dd>
        </div>
        <div>
          <dt>PO number</dt>
          <dd>{order.purchaseOrderNumber || '–'}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <OrderStatusBadge status={order.status} />
            <OrderShortage order={order} />
            <ApprovalNote order={order} />
            {checkinDeadline ? <CheckinDueMark code={order.code} deadline={checkinDeadline} /> : null}
            {latestNote(order.statusChanges) ? <span className={orderStyles.historyNote}>{latestNote(order.statusChanges)}</span> : null}
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd className={styles.total}>{order.totalPriceWithTax.formattedValue}</dd>
        </div>
      </dl>
      <OrderLinesBrief lines={order.entries} label={`Lines of order ${order.code}`} />
      <ReorderButton orderCode={order.code} />
    </article>
  );
}

export default async function OrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = Number((await searchParams).page ?? '1');
  const page = Number.isSafeInteger(raw) && raw >= 1 ? raw - 1 : 0;
  const [result, deadlines] = await Promise.all([shopScope().then((scope) => listOrders(scope, page)), dueDeadlines()]);
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'Order history' }]} />
      <h1 className={pageStyles.title}>Order history</h1>
      {!result.ok ? (
        <LoadFailed error={result.error} />
      ) : result.data.orders.length === 0 ? (
        <p className={accountStyles.empty}>
          No orders yet for this account. Orders you place appear here. <Link href="/">Start shopping</Link>
        </p>
      ) : (
        <>
          <ul className={styles.orders} aria-label="Orders">
            {result.data.orders.map((order) => (
              <li key={order.code}>
                <OrderEntry order={order} checkinDeadline={deadlines.get(order.code)} />
              </li>
            ))}
          </ul>
          <Pagination pagination={result.data.pagination} hrefFor={pageHref} label="Order history pages" />
        </>
      )}
    </div>
  );
}

/** "3 cases short" under the status once the warehouse reported a delivery that fell short. */
function OrderShortage({ order }: { order: OrderSummary }) {
  const short = order.entries.reduce((sum, line) => sum + shortBy(line), 0);
  if (short === 0) return null;
  return <span className={`${orderStyles.historyNote} ${orderStyles.short}`}>{short === 1 ? '1 case short' : `${short} cases short`}</span>;
}

/**
 * A held or expired order's one line under its status (docs/approvals.md): the first limit it passes, or what to
 * do about an expired one. A rejection's comment is already the status update's note.
 */
function ApprovalNote({ order }: { order: OrderSummary }) {
  const reason = order.approval?.reasons[0];
  const text =
    order.status === 'pendingApproval' && reason
      ? reasonText(reason)
      : order.status === 'expired'
        ? 'Not approved before the cut-off: open the order to choose another date'
        : undefined;
  return text ? <span className={orderStyles.historyNote}>{text}</span> : null;
}
