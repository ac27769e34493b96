import { OrderLines } from '@/components/account/order-lines';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { CartTotals } from '@/components/cart/cart-totals';
import { siteAvoid } from '@/components/food/site-avoid';
import { OrderAddresses } from '@/components/orders/order-addresses';
import { PlacedForYou } from '@/components/orders/placed-for-you';
import { PrintButton } from '@/components/orders/print-button';
import { site } from '@/lib/site-config';
import orderStyles from '@/components/orders/orders.module.css';
import '@/components/orders/order-print.css';
import { ReasonList } from '@/components/approvals/approval-facts';
import { creditDeadlineText, deadlineText, waitingForText } from '@/lib/commerce/approvals';
import { formatCalendarDate, formatLondonInstant } from '@/lib/commerce/dates';
import { getSession } from '@/lib/session/session';
import { findOrder } from '@/lib/commerce/page-subjects';
import { shopScope } from '@/lib/commerce/scope';
import pageStyles from '@/components/catalogue/page.module.css';
import styles from '@/components/cart/cart.module.css';

export const metadata: Metadata = { title: 'Order confirmation' };

export default async function ConfirmationPage({ params }: { params: Promise<{ code: string }> }) {
  const result = await findOrder((await params).code);
  if (!result) notFound();
  if (!result.ok) return <LoadFailed error={result.error} />;
  const order = result.data;
  const orderHref = `/account/orders/${encodeURIComponent(order.code)}/`;
  return (
    <div className={pageStyles.page}>
      <p className={orderStyles.printOnly} data-print="only">
        {site.brand} · {site.phone} · {site.email}
      </p>
      {order.status === 'pendingApproval' ? (
        <>
          <h1 className={pageStyles.title}>Your order needs approval</h1>
          <div role="status" className={styles.approvalNotice}>
            <p>Order {order.code} is waiting for approval. It goes to the warehouse once it is approved, and you get an e-mail if it is rejected.</p>
            {order.approval?.waitingFor ? (
              <p>
                <strong>{waitingForText(order.approval.waitingFor)}</strong>
              </p>
            ) : null}
            <p>{deadlineText(formatLondonInstant(order.approval?.deadline ?? order.cutoff))}</p>
            {order.approval?.reasons.length ? (
              <>
                <p>Why it needs approval:</p>
                <ReasonList reasons={order.approval.reasons} label="Why it needs approval" reader={{ self: (await getSession()).user?.username }} />
              </>
            ) : null}
          </div>
        </>
      ) : order.status === 'awaitingCredit' ? (
        <>
          <h1 className={pageStyles.title}>Your order is waiting for our credit team</h1>
          <div role="status" className={styles.approvalNotice}>
            <p>
              <strong>{order.creditHold?.message}</strong>
            </p>
            <p>{creditDeadlineText(formatLondonInstant(order.creditHold?.deadline ?? order.cutoff))}</p>
          </div>
        </>
      ) : (
        <h1 className={pageStyles.title}>Thank you: your order is placed</h1>
      )}
      <div className={styles.summary}>
        <PlacedForYou order={order} />
        <dl className={styles.totals}>
          <dt>Order number</dt>
          <dd>
            <strong>{order.code}</strong>
          </dd>
          <dt>Delivery date</dt>
          <dd>{formatCalendarDate(order.deliveryDate)}</dd>
          {order.purchaseOrderNumber ? (
            <>
              <dt>Purchase order number</dt>
              <dd>{order.purchaseOrderNumber}</dd>
            </>
          ) : null}
          {order.deliveryInstructions ? (
            <>
              <dt>Delivery instructions</dt>
              <dd>{order.deliveryInstructions}</dd>
            </>
          ) : null}
          <dt className={styles.gross}>Total</dt>
          <dd className={styles.gross}>{order.totalPriceWithTax.formattedValue}</dd>
        </dl>
        <p>
          <Link href={orderHref}>View order {order.code}</Link>
        </p>
        <p>
          <Link href="/">Continue shopping</Link>
        </p>
        <PrintButton />
      </div>
      <OrderAddresses order={order} />
      <OrderLines lines={order.entries} label="Order lines" avoid={await siteAvoid(await shopScope())} />
      <div className={styles.summary}>
        <CartTotals cart={order} />
      </div>
    </div>
  );
}
