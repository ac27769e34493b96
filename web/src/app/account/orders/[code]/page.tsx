import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ReorderButton } from '@/components/account/reorder-button';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { CartTotals } from '@/components/cart/cart-totals';
import { formatCalendarDate, formatShortDate } from '@/lib/commerce/dates';
import { getOrder } from '@/lib/commerce/orders';
import { productHref } from '@/lib/commerce/product-text';
import { shopScope } from '@/lib/commerce/scope';
import pageStyles from '@/components/catalogue/page.module.css';
import styles from '@/components/account/account.module.css';
import cartStyles from '@/components/cart/cart.module.css';

interface Props {
  params: Promise<{ code: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Order ${decodeURIComponent((await params).code)}` };
}

export default async function OrderPage({ params }: Props) {
  const code = decodeURIComponent((await params).code);
  const result = await getOrder(await shopScope(), code);
  if (!result.ok && result.error.status === 404) notFound();
  if (!result.ok) return <LoadFailed error={result.error} />;
  const order = result.data;
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'Order history', href: '/account/orders/' }, { name: `Order ${order.code}` }]} />
      <h1 className={pageStyles.title}>Order {order.code}</h1>
      <dl className={styles.facts}>
        <dt>Placed</dt>
        <dd>{formatShortDate(order.placed)}</dd>
        <dt>Delivery date</dt>
        <dd>{formatCalendarDate(order.deliveryDate)}</dd>
        <dt>PO number</dt>
        <dd>{order.purchaseOrderNumber || '–'}</dd>
        <dt>Status</dt>
        <dd>
          <span className={styles.status}>{order.status}</span>
        </dd>
        {order.deliveryInstructions ? (
          <>
            <dt>Delivery instructions</dt>
            <dd>{order.deliveryInstructions}</dd>
          </>
        ) : null}
      </dl>
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Order lines">
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Pack</th>
              <th scope="col" className={styles.number}>
                Quantity
              </th>
              <th scope="col" className={styles.number}>
                Unit price
              </th>
              <th scope="col" className={styles.number}>
                Line total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.entries.map((line) => (
              <tr key={line.entryNumber}>
                <th scope="row">
                  <Link href={productHref(line.product.code)} prefetch={false}>
                    {line.product.name}
                  </Link>
                </th>
                <td>{line.product.packSize}</td>
                <td className={styles.number}>{line.quantity}</td>
                <td className={styles.number}>{line.basePrice.formattedValue}</td>
                <td className={styles.number}>{line.totalPrice.formattedValue}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={cartStyles.summary}>
        <CartTotals cart={order} />
        <ReorderButton orderCode={order.code} />
      </div>
    </div>
  );
}
