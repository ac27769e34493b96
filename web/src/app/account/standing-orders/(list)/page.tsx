import type { Metadata } from 'next';
import Link from 'next/link';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { StandingOrderCard } from '@/components/standing/standing-order-card';
import { shopScope } from '@/lib/commerce/scope';
import { listStandingOrders } from '@/lib/commerce/standing-orders';
import { weekdayList } from '@/lib/commerce/weekdays';
import { rangeName } from '@/lib/site-config';
import pageStyles from '@/components/catalogue/page.module.css';
import styles from '@/components/account/account.module.css';

export const metadata: Metadata = { title: 'Standing orders' };

/** Issue 17: the account's standing orders for this range, with their next dates, pause, resume and end. */
export default async function StandingOrdersPage() {
  const scope = await shopScope();
  const result = await listStandingOrders(scope);
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'My account', href: '/account/' }, { name: 'Standing orders' }]} />
      <h1 className={pageStyles.title}>Standing orders</h1>
      {!result.ok ? (
        <LoadFailed error={result.error} />
      ) : (
        <>
          <p className={pageStyles.lead}>
            A standing order places the same {rangeName(scope.salesOrg)} order on your delivery days ({weekdayList(result.data.deliveryWeekdays)}),
            each at its cut-off ({result.data.cutoffTime} on the working day before). You get a reminder the working day before, and can skip or change
            any one delivery until its cut-off.
          </p>
          {result.data.standingOrders.length === 0 ? (
            <p className={styles.empty}>
              You have no standing orders for this account. Open one of your <Link href="/account/carts/">saved carts</Link> or your{' '}
              <Link href="/cart/">cart</Link> and choose “Make this a standing order”.
            </p>
          ) : (
            <ul className={styles.cards} aria-label="Standing orders">
              {result.data.standingOrders.map((order) => (
                <StandingOrderCard key={order.code} order={order} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
