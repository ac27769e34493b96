import type { Metadata } from 'next';
import Link from 'next/link';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { ProductGrid } from '@/components/catalogue/product-grid';
import { offeredProducts } from '@/lib/commerce/offers';
import { shopScope } from '@/lib/commerce/scope';
import styles from '@/components/catalogue/page.module.css';

export const metadata: Metadata = { title: 'Offers' };

/** The products with an offer this account can have today (docs/pricing.md "The Offers page"). */
export default async function OffersPage() {
  const scope = await shopScope();
  const result = await offeredProducts(scope);
  return (
    <div className={styles.page}>
      <Breadcrumbs trail={[{ name: 'Offers' }]} />
      <h1 className={styles.title}>Offers</h1>
      <p className={styles.lead}>Offers your account can have today. Your cart prices each line for its delivery date.</p>
      {!result.ok ? (
        <LoadFailed error={result.error} />
      ) : result.data.length === 0 ? (
        <p>
          No offers for your account at the moment. <Link href="/">Browse the range from the home page</Link>.
        </p>
      ) : (
        <ProductGrid products={result.data} label="Offers" eager={4} />
      )}
    </div>
  );
}
