import type { Metadata } from 'next';
import Link from 'next/link';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { Pagination } from '@/components/catalogue/pagination';
import { formatCalendarDate, formatShortDate } from '@/lib/commerce/dates';
import { listOrders } from '@/lib/commerce/orders';
import { shopScope } from '@/lib/commerce/scope';
import pageStyles from '@/components/catalogue/page.module.css';
import styles from '@/components/account/account.module.css';

export const metadata: Metadata = { title: 'Order history' };

const pageHref = (page: number) => (page === 0 ? '/account/orders/' : `/account/orders/?page=${page + 1}`);

export default async function OrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = Number((await searchParams).page ?? '1');
  const page = Number.isSafeInteger(raw) && raw >= 1 ? raw - 1 : 0;
  const result = await listOrders(await shopScope(), page);
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'Order history' }]} />
      <h1 className={pageStyles.title}>Order history</h1>
      {!result.ok ? (
        <LoadFailed error={result.error} />
      ) : result.data.orders.length === 0 ? (
        <p className={styles.empty}>
          No orders yet for this account. Orders you place appear here. <Link href="/">Start shopping</Link>
        </p>
      ) : (
        <>
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Orders">
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Delivery date</th>
                  <th scope="col">PO number</th>
                  <th scope="col">Status</th>
                  <th scope="col" className={styles.number}>
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.data.orders.map((order) => (
                  <tr key={order.code}>
                    <th scope="row">
                      <Link href={`/account/orders/${encodeURIComponent(order.code)}/`}>{order.code}</Link>
                    </th>
                    <td>{formatShortDate(order.placed)}</td>
                    <td>{formatCalendarDate(order.deliveryDate)}</td>
                    <td>{order.purchaseOrderNumber || '–'}</td>
                    <td>
                      <span className={styles.status}>{order.status}</span>
                    </td>
                    <td className={styles.number}>{order.totalPriceWithTax.formattedValue}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination pagination={result.data.pagination} hrefFor={pageHref} label="Order history pages" />
        </>
      )}
    </div>
  );
}
