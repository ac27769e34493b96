import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { editorLines } from '@/components/standing/editor-lines';
import { StandingOrderForm } from '@/components/standing/standing-order-form';
import { UnavailableLines } from '@/components/standing/unavailable-lines';
import { findStandingOrder } from '@/lib/commerce/page-subjects';
import { shopScope } from '@/lib/commerce/scope';
import { standingOrderHref } from '@/lib/commerce/standing-delivery';
import { listStandingOrders } from '@/lib/commerce/standing-orders';
import { rangeName } from '@/lib/site-config';
import pageStyles from '@/components/catalogue/page.module.css';
import styles from '@/components/standing/standing.module.css';

interface Props {
  params: Promise<{ code: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const result = await findStandingOrder((await params).code);
  return { title: result?.ok ? `Change standing order ${result.data.name}` : result ? 'Change standing order' : 'Page not found' };
}

const crumbs = [
  { name: 'My account', href: '/account/' },
  { name: 'Standing orders', href: '/account/standing-orders/' },
];

/**
 * "Change standing order": its days, end date, name, PO number, instructions and standing lines, saved at once.
 */
export default async function ChangeStandingOrderPage({ params }: Props) {
  const scope = await shopScope();
  // The segment's layout has answered 404 for a standing order that is not this account's.
  const [result, standing] = await Promise.all([findStandingOrder((await params).code), listStandingOrders(scope)]);
  const frame = (name: string | undefined, body: ReactNode) => (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[...crumbs, ...(name && result?.ok ? [{ name, href: standingOrderHref(result.data.code) }] : []), { name: 'Change' }]} />
      <h1 className={pageStyles.title}>{name ? `Change ‘${name}’` : 'Change standing order'}</h1>
      {body}
    </div>
  );
  if (!result?.ok) return frame(undefined, result ? <LoadFailed error={result.error} /> : null);
  if (!standing.ok) return frame(result.data.name, <LoadFailed error={standing.error} />);
  const order = result.data;
  if (order.status === 'ended') {
    return frame(
      order.name,
      <p className={styles.note}>
        This standing order has ended and cannot be changed. <Link href={standingOrderHref(order.code)}>Back to the standing order</Link>
      </p>,
    );
  }
  return frame(
    order.name,
    <>
      <UnavailableLines lines={order.unavailable} what="each order" />
      <StandingOrderForm
        purpose={{ kind: 'change', code: order.code, lines: editorLines(order.lines) }}
        deliveryWeekdays={standing.data.deliveryWeekdays}
        rangeName={rangeName(scope.salesOrg)}
        purchaseOrderRequired={order.purchaseOrderRequired}
        initial={{
          name: order.name,
          weekdays: order.weekdays,
          startDate: order.startDate,
          endDate: order.endDate ?? '',
          purchaseOrderNumber: order.purchaseOrderNumber ?? '',
          deliveryInstructions: order.deliveryInstructions ?? '',
        }}
      />
    </>,
  );
}
