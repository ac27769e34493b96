import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { OrderLines } from '@/components/account/order-lines';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { CartTotals } from '@/components/cart/cart-totals';
import { DeliveryList } from '@/components/standing/delivery-list';
import { StandingControls } from '@/components/standing/standing-controls';
import { StandingStatusPill } from '@/components/standing/status-pills';
import { standingFrom, standingUntil } from '@/components/standing/standing-dates';
import { UnavailableLines } from '@/components/standing/unavailable-lines';
import { formatCalendarDate } from '@/lib/commerce/dates';
import { findStandingOrder } from '@/lib/commerce/page-subjects';
import { standingOrderHref } from '@/lib/commerce/standing-delivery';
import type { StandingOrder } from '@/lib/commerce/standing-order-schemas';
import { everyWeekdays } from '@/lib/commerce/weekdays';
import pageStyles from '@/components/catalogue/page.module.css';
import accountStyles from '@/components/account/account.module.css';
import cartStyles from '@/components/cart/cart.module.css';
import styles from '@/components/standing/standing.module.css';

interface Props {
  params: Promise<{ code: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const result = await findStandingOrder((await params).code);
  return { title: result?.ok ? `Standing order ${result.data.name}` : result ? 'Standing order' : 'Page not found' };
}

const crumbs = [
  { name: 'My account', href: '/account/' },
  { name: 'Standing orders', href: '/account/standing-orders/' },
];

/** What the page says after the form that led here: made (`?created=1`) or changed (`?changed=1`). */
function noticeOf(query: Record<string, string | string[] | undefined>): string | null {
  if (query.created === '1') return 'Standing order created. The first order is placed at the cut-off of its first date; you get a reminder the working day before.';
  if (query.changed === '1') return 'Standing order changed';
  return null;
}

/** One standing order: its lines and totals, days and dates, and each next delivery with Skip and a link to change it. */
export default async function StandingOrderPage({ params, searchParams }: Props) {
  const result = await findStandingOrder((await params).code);
  if (!result) notFound();
  if (!result.ok) {
    return (
      <div className={pageStyles.page}>
        <Breadcrumbs trail={[...crumbs, { name: 'Standing order' }]} />
        <h1 className={pageStyles.title}>Standing order</h1>
        <LoadFailed error={result.error} />
      </div>
    );
  }
  const order = result.data;
  const notice = noticeOf(await searchParams);
  const ended = order.status === 'ended';
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[...crumbs, { name: order.name }]} />
      <h1 className={pageStyles.title}>{order.name}</h1>
      {notice ? (
        <p role="status" className={styles.notice}>
          {notice}
        </p>
      ) : null}
      <StandingApprovalNote approval={order.approval} />
      <dl className={accountStyles.facts}>
        <dt>Status</dt>
        <dd>
          <StandingStatusPill status={order.status} />
        </dd>
        <dt>Reference</dt>
        <dd>{order.code}</dd>
        <dt>Delivery days</dt>
        <dd>{everyWeekdays(order.weekdays)}</dd>
        <dt>From</dt>
        <dd>{formatCalendarDate(standingFrom(order))}</dd>
        <dt>Until</dt>
        <dd>{standingUntil(order, formatCalendarDate)}</dd>
        <dt>PO number</dt>
        <dd>{order.purchaseOrderNumber || '–'}</dd>
        {order.deliveryInstructions ? (
          <>
            <dt>Delivery instructions</dt>
            <dd>{order.deliveryInstructions}</dd>
          </>
        ) : null}
      </dl>
      {order.status === 'paused' ? (
        <p className={styles.warning}>Paused: no order is placed and no reminder is sent until you resume it. The dates below are those it would have.</p>
      ) : null}
      {ended ? null : (
        // Its own block, so the link is as wide as its words rather than the page.
        <div>
          <Link href={`${standingOrderHref(order.code)}edit/`} className={cartStyles.secondaryLink}>
            Change standing order
          </Link>
        </div>
      )}
      <StandingControls code={order.code} name={order.name} status={order.status} />
      <section className={styles.section} aria-labelledby="next-deliveries">
        <h2 id="next-deliveries">Next deliveries</h2>
        <DeliveryList order={order} now={Date.now()} />
      </section>
      <section className={styles.section} aria-labelledby="standing-lines">
        <h2 id="standing-lines">Lines of each order</h2>
        {ended ? (
          <p className={cartStyles.hint}>What each order held; it has ended, so nothing more is ordered or to pay from it.</p>
        ) : (
          <>
            <p className={cartStyles.hint}>At today’s prices, per case excluding VAT; each order is placed with the prices of its cut-off.</p>
            <UnavailableLines lines={order.unavailable} what="each order" />
          </>
        )}
        <div className={cartStyles.layout}>
          <OrderLines lines={order.lines} label="Standing order lines" />
          {ended ? null : (
            <div className={cartStyles.summary}>
              <CartTotals cart={order} />
            </div>
          )}
        </div>
      </section>
    </div>
  );
}

/**
 * A standing order over a spending limit (docs/approvals.md "Standing orders"): waiting for approval or rejected,
 * no delivery is placed; once approved, a delivery more than 10 % over the approved total is not placed either.
 */
function StandingApprovalNote({ approval }: { approval: StandingOrder['approval'] }) {
  if (!approval || approval.status === 'notNeeded') return null;
  const text =
    approval.status === 'pending'
      ? 'Needs approval: this standing order is over a spending limit, so no delivery is placed until it is approved.'
      : approval.status === 'rejected'
        ? 'Rejected: no delivery is placed until its lines change and it is approved.'
        : `Approved for ${approval.approvedTotal?.formattedValue ?? 'its total'} a delivery (net). A delivery more than 10 % over that is not placed.`;
  return <p className={styles.notice}>{text}</p>;
}
