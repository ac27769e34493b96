import type { Metadata } from 'next';
import Link from 'next/link';
import { ApprovalsWaiting } from '@/components/approvals/approvals-waiting';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { CheckinsDue } from '@/components/checkin/checkins-due';
import { ProductGrid } from '@/components/catalogue/product-grid';
import { UsualItemsHome } from '@/components/weekly/usual-items-home';
import { shopScope, type ShopScope } from '@/lib/commerce/scope';
import { searchProducts } from '@/lib/commerce/search';
import { listingStateFrom } from '@/lib/commerce/search-query';
import { getSession } from '@/lib/session/session';
import type { SessionUser } from '@/lib/session/session-data';
import { site } from '@/lib/site-config';
import styles from '@/components/catalogue/page.module.css';

export const metadata: Metadata = { title: { absolute: `${site.brand} | Home` } };

/** docs/storefront-requirements.md §9: the featured filter and the two collections, each shown as a short row of cards. */
const SECTIONS = [
  { id: 'featured', title: 'Featured products', filter: ['featuredProduct', 'true'] },
  { id: 'offers', title: 'Special offers', filter: ['collection', 'specialoffers'] },
  { id: 'bestsellers', title: 'Bestsellers', filter: ['collection', 'bestsellers'] },
] as const;

const PER_SECTION = 6;

async function loadSections(scope: ShopScope) {
  const state = { ...listingStateFrom({}), sort: 'name-asc' };
  return Promise.all(
    SECTIONS.map(async (section) => ({
      ...section,
      result: await searchProducts(scope, '', state, [[...section.filter]], PER_SECTION),
    })),
  );
}

/** "Welcome back" only to someone who has been here before: a first sign-in is just welcomed. */
const greeting = (user: SessionUser | undefined) => `${user?.firstSignIn ? 'Welcome' : 'Welcome back'}, ${user?.name ?? ''}`;

function Welcome() {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Welcome to {site.brand} business orders</h1>
      <p className={styles.lead}>
        Fresh dairy and chilled food for trade kitchens, delivered on your account’s delivery days.
      </p>
      <p>
        <Link href="/login/">Sign in</Link> to browse our range, see your prices and place orders, or read{' '}
        <Link href="/about/">about us</Link>.
      </p>
    </div>
  );
}

export default async function HomePage() {
  if (!(await getSession()).user) return <Welcome />;
  const scope = await shopScope();
  const sections = await loadSections(scope);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{greeting((await getSession()).user)}</h1>
      <ApprovalsWaiting />
      <CheckinsDue />
      <UsualItemsHome scope={scope} />
      {sections.map((section, index) => (
        <section key={section.id} className={styles.section} aria-labelledby={`home-${section.id}`}>
          <h2 id={`home-${section.id}`} className={styles.sectionTitle}>
            {section.title}
          </h2>
          {!section.result.ok ? (
            <LoadFailed error={section.result.error} />
          ) : section.result.data.products.length === 0 ? (
            <p className={styles.lead}>Nothing here for your account at the moment.</p>
          ) : (
            <ProductGrid products={section.result.data.products} label={section.title} eager={index === 0 ? 4 : 0} />
          )}
        </section>
      ))}
    </div>
  );
}
