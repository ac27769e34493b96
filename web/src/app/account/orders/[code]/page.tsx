import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { OrderLines } from '@/components/account/order-lines';
import { ReorderButton } from '@/components/account/reorder-button';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { CartTotals } from '@/components/cart/cart-totals';
import { ChooseAnotherDate } from '@/components/approvals/choose-another-date';
import { CheckinPanel } from '@/components/checkin/checkin-panel';
import { siteAvoid } from '@/components/food/site-avoid';
import { OrderApprovalPanel } from '@/components/approvals/order-approval-panel';
import { OrderAddresses } from '@/components/orders/order-addresses';
import { OrderChangePanel } from '@/components/orders/order-change-panel';
import { closedOrderText } from '@/components/orders/order-status';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { OrderUpdates } from '@/components/orders/order-updates';
import { PlacedForYou } from '@/components/orders/placed-for-you';
import { PrintButton } from '@/components/orders/print-button';
import { OrderInvoices } from '@/components/invoices/order-invoices';
import { deliveryDateChoices, formatCalendarDate, formatShortDate } from '@/lib/commerce/dates';
import type { Order } from '@/lib/commerce/types';
import { getDeliveryDates } from '@/lib/commerce/delivery';
import { shopScope } from '@/lib/commerce/scope';
import { SwitchToAccount } from '@/components/shell/switch-to-account';
import { getSession } from '@/lib/session/session';
import { findOrder } from '@/lib/commerce/page-subjects';
import { rangeName, site } from '@/lib/site-config';
import orderStyles from '@/components/orders/orders.module.css';
import '@/components/orders/order-print.css';
import pageStyles from '@/components/catalogue/page.module.css';
import styles from '@/components/account/account.module.css';
import cartStyles from '@/components/cart/cart.module.css';

interface Props {
  params: Promise<{ code: string }>;
  searchParams?: Promise<{ checkedIn?: string | string[] }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const result = await findOrder((await params).code);
  return { title: result?.ok ? `Order ${result.data.code}` : result ? 'Order' : 'Page not found' };
}

export default async function OrderPage({ params, searchParams }: Props) {
  const result = await findOrder((await params).code);
  if (!result) notFound();
  if (!result.ok) return <LoadFailed error={result.error} />;
  const order = result.data;
  const scope = await shopScope();
  // Any user of the order's ship-to sees it (docs/ordering-rules.md "Who sees an order"); it is changed, reordered
  // or given a new date only by its placer, from its own account.
  const otherAccount = (order.shipTo !== undefined && order.shipTo.code !== scope.shipTo) || (order.salesOrg !== undefined && order.salesOrg !== scope.salesOrg);
  const readOnly = otherAccount || order.placedByYou === false;
  const cancelled = order.status === 'cancelled';
  // Nothing is charged for an order that will never be delivered: its total is not "to pay".
  const neverDelivered = cancelled || order.status === 'rejected' || order.status === 'expired';
  // Only an expired order offers "Choose another date", so only it needs the open delivery dates.
  const dates = order.status === 'expired' && !readOnly ? await getDeliveryDates(scope) : undefined;
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'Order history', href: '/account/orders/' }, { name: `Order ${order.code}` }]} />
      <p className={orderStyles.printOnly} data-print="only">
        {site.brand} · {site.phone} · {site.email}
      </p>
      <h1 className={pageStyles.title}>Order {order.code}</h1>
      {/* Also the confirmation after Cancel order: the page refreshes into this. */}
      {cancelled ? (
        <p role="status" className={styles.done}>
          {closedOrderText(order.code, order.status)}
        </p>
      ) : null}
      {otherAccount && order.shipTo ? <OtherAccountNotice order={order} shipTo={order.shipTo} activeShipTo={scope.shipTo} activeRange={scope.salesOrg} /> : null}
      <PlacedForYou order={order} />
      <dl className={styles.facts}>
        <dt>Placed</dt>
        <dd>{formatShortDate(order.placed)}</dd>
        {order.placedBy ? (
          <>
            <dt>Placed by</dt>
            <dd>{order.placedByYou ? `${order.placedBy.name} (you)` : order.placedBy.name}</dd>
          </>
        ) : null}
        <dt>Delivery date</dt>
        <dd>{formatCalendarDate(order.deliveryDate)}</dd>
        <dt>PO number</dt>
        <dd>{order.purchaseOrderNumber || '–'}</dd>
        <dt>Status</dt>
        <dd>
          <OrderStatusBadge status={order.status} />
        </dd>
        {order.deliveryInstructions ? (
          <>
            <dt>Delivery instructions</dt>
            <dd>{order.deliveryInstructions}</dd>
          </>
        ) : null}
      </dl>
      <OrderApprovalPanel
        order={order}
        choose={
          dates?.ok ? (
            <ChooseAnotherDate
              orderCode={order.code}
              dates={deliveryDateChoices(dates.data.deliveryDates)}
            />
          ) : dates ? (
            <LoadFailed error={dates.error} />
          ) : null
        }
      />
      {readOnly ? null : <OrderChangePanel order={order} />}
      <CheckinPanel orderCode={order.code} status={order.status} justCheckedIn={(await searchParams)?.checkedIn === '1'} />
      <OrderAddresses order={order} />
      <OrderLines lines={order.entries} label="Order lines" avoid={await siteAvoid(scope)} />
      <div className={cartStyles.summary}>
        <CartTotals cart={order} grossLabel={neverDelivered ? 'Total' : undefined} />
        {readOnly ? (
          <div className={orderStyles.actions}>
            <PrintButton />
          </div>
        ) : (
          <ReorderButton orderCode={order.code} beside={<PrintButton />} />
        )}
      </div>
      {/* The invoices billing this order (docs/after-delivery.md "Invoices in the shop"), streamed in when they come. */}
      <Suspense fallback={null}>
        <OrderInvoices orderCode={order.code} />
      </Suspense>
      <OrderUpdates changes={order.statusChanges ?? []} />
    </div>
  );
}

/** An order of another of the user's accounts: shown as it is, with one click to make its account the active one. */
async function OtherAccountNotice({ order, shipTo, activeShipTo, activeRange }: { order: Order; shipTo: { code: string; name: string }; activeShipTo: string; activeRange: string }) {
  const { user } = await getSession();
  const active = user?.shipTos.find((candidate) => candidate.code === activeShipTo);
  const range = order.salesOrg ?? activeRange;
  return (
    <section className={orderStyles.changeClosed} aria-label="Another account" data-print="hide">
      <p>
        This order is for {shipTo.name} ({shipTo.code}), {rangeName(range)}. You are ordering for {active ? active.name : activeShipTo}, {rangeName(activeRange)}: the order is
        shown as it is, without changes or reorder.
      </p>
      <SwitchToAccount shipTo={shipTo.code} salesOrg={range} next={`/account/orders/${encodeURIComponent(order.code)}/`} label={`Switch to ${shipTo.name}, ${rangeName(range)}`} />
    </section>
  );
}
