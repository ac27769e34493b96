import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { OrderChangePanel } from '@/components/orders/order-change-panel';
import { OrderEditor } from '@/components/orders/order-editor';
import { closedOrderText } from '@/components/orders/order-status';
import { CutoffCountdown } from '@/components/weekly/cutoff-countdown';
import { formatCalendarDate } from '@/lib/commerce/dates';
import { findOrder } from '@/lib/commerce/page-subjects';
import pageStyles from '@/components/catalogue/page.module.css';

interface Props {
  params: Promise<{ code: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const result = await findOrder((await params).code);
  return { title: result?.ok ? `Edit order ${result.data.code}` : 'Edit order' };
}

/** Edits a placed order until its cut-off; once it can no longer change, says why and links back to it. */
export default async function EditOrderPage({ params }: Props) {
  const result = await findOrder((await params).code);
  if (!result) notFound();
  if (!result.ok) return <LoadFailed error={result.error} />;
  const order = result.data;
  const orderHref = `/account/orders/${encodeURIComponent(order.code)}/`;
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'Order history', href: '/account/orders/' }, { name: `Order ${order.code}`, href: orderHref }, { name: 'Edit' }]} />
      <h1 className={pageStyles.title}>Edit order {order.code}</h1>
      <p>Delivery on {formatCalendarDate(order.deliveryDate)}</p>
      {order.amendable ? (
        <>
          <CutoffCountdown dates={[{ date: order.deliveryDate, cutoff: order.cutoff }]} variant="cart" purpose="orderChange" />
          <OrderEditor order={order} />
        </>
      ) : (
        <>
          <OrderChangePanel order={order} />
          {order.status === 'placed' || order.status === 'confirmed' ? null : <p>{closedOrderText(order.code, order.status)}</p>}
          <Link href={orderHref}>Back to order {order.code}</Link>
        </>
      )}
    </div>
  );
}
