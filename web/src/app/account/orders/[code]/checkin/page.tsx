import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { CheckinForm } from '@/components/checkin/checkin-form';
import { CheckinSummary } from '@/components/checkin/checkin-panel';
import { getCheckin } from '@/lib/commerce/checkin';
import { formatCalendarDate, formatLondonInstant } from '@/lib/commerce/dates';
import { findOrder } from '@/lib/commerce/page-subjects';
import pageStyles from '@/components/catalogue/page.module.css';

interface Props {
  params: Promise<{ code: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const result = await findOrder((await params).code);
  return { title: result?.ok ? `Check in order ${result.data.code}` : 'Check in delivery' };
}

/** "Check in delivery": on the phone at the door, what arrived of a delivered order (docs/after-delivery.md). */
export default async function CheckinPage({ params }: Props) {
  const result = await findOrder((await params).code);
  if (!result) notFound();
  if (!result.ok) return <LoadFailed error={result.error} />;
  const order = result.data;
  const checkin = await getCheckin(order.code);
  if (!checkin.ok) return <LoadFailed error={checkin.error} />;
  const view = checkin.data;
  const orderHref = `/account/orders/${encodeURIComponent(order.code)}/`;
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'Order history', href: '/account/orders/' }, { name: `Order ${order.code}`, href: orderHref }, { name: 'Check in' }]} />
      <h1 className={pageStyles.title}>Check in order {order.code}</h1>
      <p>
        Delivered {formatCalendarDate(order.deliveryDate)}{order.shipTo ? ` to ${order.shipTo.name}` : ''}
        {view.eligible && view.deadline ? `. Check in by ${formatLondonInstant(view.deadline)}.` : '.'}
      </p>
      {view.eligible ? (
        <CheckinForm
          orderCode={order.code}
          photos={view.photos}
          lines={order.entries.map((entry) =>
            // A substituted line is checked as the product that came: its name, pack, code and cases.
            entry.substitution
              ? {
                  entryNumber: entry.entryNumber,
                  name: entry.substitution.product.name,
                  packSize: entry.substitution.product.packSize,
                  productCode: entry.substitution.product.code,
                  delivered: entry.substitution.quantity,
                  substitutionText: entry.substitution.text,
                }
              : {
                  entryNumber: entry.entryNumber,
                  name: entry.product.name,
                  packSize: entry.product.packSize,
                  productCode: entry.product.code,
                  delivered: entry.deliveredQuantity ?? entry.quantity,
                },
          )}
        />
      ) : view.reasonNotEligible === 'notDelivered' ? (
        <p role="status">This order has not been delivered yet: it can be checked in once it arrives.</p>
      ) : (
        <CheckinSummary orderCode={order.code} view={view} justCheckedIn={false} />
      )}
      <p>
        <Link href={orderHref}>Back to order {order.code}</Link>
      </p>
    </div>
  );
}
