import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { siteAvoid } from '@/components/food/site-avoid';
import { QuickOrder } from '@/components/weekly/quick-order';
import { shopScope } from '@/lib/commerce/scope';
import pageStyles from '@/components/catalogue/page.module.css';

export const metadata: Metadata = { title: 'Quick order' };

export default async function QuickOrderPage() {
  const avoid = await siteAvoid(await shopScope());
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'Cart', href: '/cart/' }, { name: 'Quick order' }]} />
      <h1 className={pageStyles.title}>Quick order</h1>
      <p className={pageStyles.lead}>Add many products at once by their codes: type them, paste them or upload a file.</p>
      <QuickOrder avoid={avoid} />
    </div>
  );
}
