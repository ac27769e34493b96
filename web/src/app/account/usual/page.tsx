import type { Metadata } from 'next';
import Link from 'next/link';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { FoodMarks } from '@/components/food/food-marks';
import { siteAvoid } from '@/components/food/site-avoid';
import { UsualItems } from '@/components/weekly/usual-items';
import { guideHistory } from '@/lib/commerce/guide-history';
import { getOrderGuide } from '@/lib/commerce/order-guide';
import { shopScope } from '@/lib/commerce/scope';
import pageStyles from '@/components/catalogue/page.module.css';

export const metadata: Metadata = { title: 'Usual items' };

/** docs/decisions-left-open.md#weekly-ordering: what this account ordered in the last 90 days, ready to add again in one go. */
export default async function UsualItemsPage() {
  const scope = await shopScope();
  const [result, avoid] = await Promise.all([getOrderGuide(scope), siteAvoid(scope)]);
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'My account', href: '/account/' }, { name: 'Usual items' }]} />
      <h1 className={pageStyles.title}>Usual items</h1>
      {!result.ok ? (
        <LoadFailed error={result.error} />
      ) : result.data.length === 0 ? (
        <p className={pageStyles.lead}>
          Nothing ordered for this account in the last 90 days. Products you order appear here, most often ordered first; you can also add
          lines by code with <Link href="/cart/quick-order/">Quick order</Link>.
        </p>
      ) : (
        <>
          <p className={pageStyles.lead}>
            Everything this account ordered in the last 90 days, most often ordered first. Quantities start at your par level, or else the
            quantity you usually order. Prices are per case, excluding VAT.
          </p>
          <UsualItems
            lines={result.data.map((line) => ({ ...line, history: guideHistory(line), marks: <FoodMarks marks={line.product.foodMarks} avoid={avoid} /> }))}
          />
        </>
      )}
    </div>
  );
}
