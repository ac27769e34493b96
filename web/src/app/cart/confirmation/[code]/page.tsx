import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { formatCalendarDate } from '@/lib/commerce/dates';
import { getOrder } from '@/lib/commerce/orders';
import { shopScope } from '@/lib/commerce/scope';
import pageStyles from '@/components/catalogue/page.module.css';
import styles from '@/components/cart/cart.module.css';

export const metadata: Metadata = { title: 'Order confirmation' };

export default async function ConfirmationPage({ params }: { params: Promise<{ code: string }> }) {
  const code = decodeURIComponent((await params).code);
  const result = await getOrder(await shopScope(), code);
  if (!result.ok && result.error.status === 404) notFound();
  if (!result.ok) return <LoadFailed error={result.error} />;
  const order = result.data;
  const orderHref = `/account/orders/${encodeURIComponent(order.code)}/`;
  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.title}>Thank you: your order is placed</h1>
      <div className={styles.summary}>
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
          <dt className={styles.gross}>Total</dt>
          <dd className={styles.gross}>{order.totalPriceWithTax.formattedValue}</dd>
        </dl>
        <p>
          <Link href={orderHref}>View order {order.code}</Link>
        </p>
        <p>
          <Link href="/">Continue shopping</Link>
        </p>
      </div>
    </div>
  );
}
