import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { OrderLines } from '@/components/account/order-lines';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { CartTotals } from '@/components/cart/cart-totals';
import { DeliveryEditor } from '@/components/standing/delivery-editor';
import { DeliveryFacts } from '@/components/standing/delivery-facts';
import { editorLines } from '@/components/standing/editor-lines';
import { SkipDeliveryButton } from '@/components/standing/skip-delivery-button';
import { UnavailableLines } from '@/components/standing/unavailable-lines';
import { DeliveryStatePill } from '@/components/standing/status-pills';
import { CutoffCountdown } from '@/components/weekly/cutoff-countdown';
import { deliveryDay } from '@/lib/commerce/cutoff';
import { formatCalendarDate, formatLondonInstant } from '@/lib/commerce/dates';
import { findStandingDelivery, findStandingOrder } from '@/lib/commerce/page-subjects';
import { deliveryChoices, standingOrderHref } from '@/lib/commerce/standing-delivery';
import type { DeliveryDetail, StandingOrder } from '@/lib/commerce/standing-order-schemas';
import accountStyles from '@/components/account/account.module.css';
import pageStyles from '@/components/catalogue/page.module.css';
import cartStyles from '@/components/cart/cart.module.css';
import styles from '@/components/standing/standing.module.css';

interface Props {
  params: Promise<{ code: string; date: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { code, date } = await params;
  const result = await findStandingDelivery(code, date);
  return { title: result?.ok ? `Delivery on ${deliveryDay(result.data.date)}` : result ? 'Standing order delivery' : 'Page not found' };
}

/** Where the delivery stands when it can no longer be changed, in words. */
function closedText(delivery: DeliveryDetail, order: StandingOrder): string {
  if (delivery.state === 'placed') return 'This delivery has been ordered.';
  if (delivery.state === 'failed') return `This delivery could not be ordered${delivery.problem ? `: ${delivery.problem}` : '.'}`;
  if (delivery.state === 'skipped') return 'This delivery is skipped: nothing will be ordered for it.';
  if (order.status === 'ended') return 'This standing order has ended: nothing will be ordered for this date.';
  return 'The cut-off for this delivery has passed';
}

/**
 * One delivery of a standing order, the reminder e-mail's link: its lines, changed for this delivery only, or
 * skipped, until its cut-off; afterwards what became of it and the order it was placed as.
 */
export default async function StandingDeliveryPage({ params }: Props) {
  const { code, date } = await params;
  const [result, standing] = await Promise.all([findStandingDelivery(code, date), findStandingOrder(code)]);
  if (!result || !standing) notFound();
  const crumbs = [
    { name: 'My account', href: '/account/' },
    { name: 'Standing orders', href: '/account/standing-orders/' },
    ...(standing.ok ? [{ name: standing.data.name, href: standingOrderHref(standing.data.code) }] : []),
  ];
  const frame = (title: string, body: ReactNode) => (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[...crumbs, { name: title }]} />
      <h1 className={pageStyles.title}>{title}</h1>
      {body}
    </div>
  );
  if (!result.ok) return frame('Standing order delivery', <LoadFailed error={result.error} />);
  if (!standing.ok) return frame('Standing order delivery', <LoadFailed error={standing.error} />);
  const delivery = result.data;
  const order = standing.data;
  const choices = deliveryChoices(delivery, order.status, Date.now());
  return frame(
    `Delivery on ${formatCalendarDate(delivery.date)}`,
    <>
      <dl className={accountStyles.facts}>
        <dt>Standing order</dt>
        <dd>
          <Link href={standingOrderHref(order.code)}>{order.name}</Link>
        </dd>
        <dt>State</dt>
        <dd>
          <DeliveryStatePill delivery={delivery} paused={order.status === 'paused'} />
        </dd>
        <dt>{delivery.state === 'placed' ? 'Cut-off' : 'Changes close'}</dt>
        <dd>{formatLondonInstant(delivery.cutoff)}</dd>
      </dl>
      <div className={styles.deliveryInfo}>
        <DeliveryFacts delivery={delivery} withCutoff={false} withOrder={false} />
      </div>
      {order.status === 'paused' ? <p className={styles.warning}>This standing order is paused: nothing will be ordered for this date unless you resume it.</p> : null}
      <UnavailableLines lines={delivery.unavailable} what="this delivery" />
      {choices.edit ? (
        <CutoffCountdown dates={[{ date: delivery.date, cutoff: delivery.cutoff }]} variant="cart" purpose="deliveryChange" />
      ) : (
        <p className={styles.note} data-testid="delivery-closed">
          {closedText(delivery, order)}
          {delivery.orderCode ? (
            <>
              {' '}
              <Link href={`/account/orders/${encodeURIComponent(delivery.orderCode)}/`}>See order {delivery.orderCode}</Link>
            </>
          ) : null}
        </p>
      )}
      <div className={cartStyles.layout}>
        <section aria-labelledby="delivery-lines">
          <h2 id="delivery-lines" className={cartStyles.sectionTitle}>
            {delivery.changed ? 'Lines, changed for this delivery' : 'Lines'}
          </h2>
          {choices.edit ? (
            <DeliveryEditor
              standingCode={order.code}
              date={delivery.date}
              lines={editorLines(delivery.lines)}
            />
          ) : (
            <OrderLines lines={delivery.lines} label="Lines of this delivery" />
          )}
        </section>
        <aside className={cartStyles.summary} aria-labelledby="delivery-summary">
          <h2 id="delivery-summary">This delivery</h2>
          <CartTotals cart={delivery} />
          <p className={cartStyles.hint}>
            {delivery.orderCode ? 'At today’s prices; the order has the prices of its cut-off.' : 'At today’s prices; the order is placed with the prices of its cut-off.'}
          </p>
          {choices.skip || choices.unskip ? <SkipDeliveryButton code={order.code} date={delivery.date} skipped={choices.unskip} /> : null}
        </aside>
      </div>
    </>,
  );
}
