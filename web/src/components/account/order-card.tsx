import Link from 'next/link';
import type { ReactNode } from 'react';
import { OrderLinesBrief } from '@/components/account/order-lines';
import { ReorderButton } from '@/components/account/reorder-button';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { shortBy } from '@/components/orders/order-status';
import { latestNote } from '@/components/orders/order-updates';
import { reasonText } from '@/lib/commerce/approvals';
import { formatCalendarDate, formatShortDate } from '@/lib/commerce/dates';
import type { OrderSummary } from '@/lib/commerce/types';
import { getSession } from '@/lib/session/session';
import orderStyles from '@/components/orders/orders.module.css';
import styles from './orders.module.css';

/** One labelled fact of an order card. */
export function OrderFact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? styles.wideFact : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

interface OrderCardProps {
  order: OrderSummary;
  /** Facts before the common ones (head office's view: Site, Ordered by). */
  leadingFacts?: ReactNode;
  /** Marks under the heading, e.g. a delivery waiting to be checked in. */
  marks?: ReactNode;
  /** Reorder puts the lines in the caller's own cart: offered on the caller's own orders only. */
  reorder?: boolean;
}

/**
 * One order of the history (docs/decisions-left-open.md): its facts in one grid every card shares (two columns on a
 * phone, one row on a wide screen), so the same field is in the same place on every card; its lines; Reorder.
 */
export function OrderCard({ order, leadingFacts, marks, reorder = true }: OrderCardProps) {
  const headingId = `order-${order.code}`;
  const orderHref = `/account/orders/${encodeURIComponent(order.code)}/`;
  const note = latestNote(order.statusChanges);
  return (
    <article className={styles.order} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.orderTitle}>
        <Link href={orderHref} prefetch={false}>
          <span className="visually-hidden">Order </span>
          {order.code}
        </Link>
      </h2>
      {marks}
      <dl className={styles.cardFacts}>
        {leadingFacts}
        <OrderFact label="Placed">{formatShortDate(order.placed)}</OrderFact>
        <OrderFact label="Delivery date">{formatCalendarDate(order.deliveryDate)}</OrderFact>
        <OrderFact label="PO number">{order.purchaseOrderNumber || '–'}</OrderFact>
        <OrderFact label="Total">
          <span className={styles.total}>{order.totalPriceWithTax.formattedValue}</span>
        </OrderFact>
        <OrderFact label="Status" wide>
          <OrderStatusBadge status={order.status} />
          <OrderShortage order={order} />
          <ApprovalNote order={order} />
          {note ? <span className={orderStyles.historyNote}>{note}</span> : null}
        </OrderFact>
      </dl>
      <OrderLinesBrief lines={order.entries} label={`Lines of order ${order.code}`} />
      {reorder ? <ReorderButton orderCode={order.code} /> : null}
    </article>
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
async function ApprovalNote({ order }: { order: OrderSummary }) {
  const reason = order.approval?.reasons[0];
  const text =
    order.status === 'pendingApproval' && reason
      ? reasonText(reason, { self: (await getSession()).user?.username })
      : order.status === 'expired'
        ? 'Not approved before the cut-off: open the order to choose another date'
        : undefined;
  return text ? <span className={orderStyles.historyNote}>{text}</span> : null;
}
