import type { Metadata } from 'next';
import Link from 'next/link';
import { ApprovalsWaiting } from '@/components/approvals/approvals-waiting';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { CheckinsDue } from '@/components/checkin/checkins-due';
import { ProductGrid } from '@/components/catalogue/product-grid';
import { UsualItemsHome } from '@/components/weekly/usual-items-home';
import { shopScope, type ShopScope } from '@/lib/commerce/scope';
import { offeredProducts } from '@/lib/commerce/offers';
import { searchProducts } from '@/lib/commerce/search';
import type { Product } from '@/lib/commerce/types';
import type { ApiResult } from '@/lib/errors/app-error';
import { listingStateFrom } from '@/lib/commerce/search-query';
import { getSession } from '@/lib/session/session';
import type { SessionUser } from '@/lib/session/session-data';
import { site } from '@/lib/site-config';
import styles from '@/components/catalogue/page.module.css';

export const metadata: Metadata = { title: { absolute: `${site.brand} | Home` } };

const PER_SECTION = 6;

interface Section {
  id: string;
  title: string;
  result: ApiResult<Product[]>;
  /** Where the section goes on, when it holds more than it shows. */
  more?: { href: string; text: string };
}

/**
 * docs/storefront-requirements.md §9: the featured filter and the two collections, each shown as a short row of
 * cards. "Special offers" is the products with an offer this account can have today (docs/pricing.md "The Offers
 * page"), with a link to all of them.
 */
async function loadSections(scope: ShopScope): Promise<Section[]> {
  const state = { ...listingStateFrom({}), sort: 'name-asc' };
  const listed = async (filter: [string, string]): Promise<ApiResult<Product[]>> => {
    const result = await searchProducts(scope, '', state, [filter], PER_SECTION);
    return result.ok ? { ...result, data: result.data.products } : result;
  };
  const [featured, offers, bestsellers] = await Promise.all([listed(['featuredProduct', 'true']), offeredProducts(scope), listed(['collection', 'bestsellers'])]);
  return [
    { id: 'featured', title: 'Featured products', result: featured },
    {
      id: 'offers',
      title: 'Special offers',
      result: offers.ok ? { ...offers, data: offers.data.slice(0, PER_SECTION) } : offers,
      more: offers.ok && offers.data.length > PER_SECTION ? { href: '/offers/', text: `See all ${offers.data.length} offers` } : undefined,
    },
    { id: 'bestsellers', title: 'Bestsellers', result: bestsellers },
  ];
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
          ) : section.result.data.length === 0 ? (
            <p className={styles.lead}>Nothing here for your account at the moment.</p>
          ) : (
            <ProductGrid products={section.result.data} label={section.title} eager={index === 0 ? 4 : 0} />
          )}
          {section.more ? (
            <p>
              <Link href={section.more.href}>{section.more.text}</Link>
            </p>
          ) : null}
        </section>
      ))}
    </div>
  );
}
