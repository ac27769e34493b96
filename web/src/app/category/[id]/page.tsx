import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { Listing } from '@/components/catalogue/listing';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { categoryHref } from '@/lib/commerce/category-ids';
import { findCategoryPage } from '@/lib/commerce/page-subjects';
import { searchListing } from '@/lib/commerce/search';
import { listingStateFrom } from '@/lib/commerce/search-query';
import { getAllergenProfile } from '@/lib/food/allergen-profile';
import styles from '@/components/catalogue/page.module.css';

interface Props {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await findCategoryPage((await params).id);
  return { title: found?.category.name ?? 'Page not found' };
}

export default async function CategoryPage({ params, searchParams }: Props) {
  const found = await findCategoryPage((await params).id);
  if (!found) notFound();
  const { scope, id, trail, category } = found;
  const path = categoryHref(id);
  const [{ state, result }, profile] = await Promise.all([
    searchListing(scope, '', listingStateFrom(await searchParams), [['category', id]]),
    getAllergenProfile(scope),
  ]);
  return (
    <div className={styles.page}>
      <Breadcrumbs trail={trail.map((node) => ({ name: node.name, href: categoryHref(node.id) }))} />
      <h1 className={styles.title}>{category.name}</h1>
      {category.subcategories.length > 0 ? (
        <nav aria-label={`${category.name} subcategories`}>
          <ul className={styles.subcategories}>
            {category.subcategories.map((sub) => (
              <li key={sub.id}>
                <Link href={categoryHref(sub.id)} prefetch={false}>
                  {sub.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {result.ok ? (
        <Listing
          path={path}
          state={state}
          result={result.data}
          hiddenFacets={['category']}
          avoids={profile && { siteName: profile.shipTo.name, allergens: profile.avoids }}
          empty={
            <>
              <p>No products match these filters.</p>
              <p>
                <Link href={path}>Show every product in {category.name}</Link>
              </p>
            </>
          }
        />
      ) : (
        <LoadFailed error={result.error} />
      )}
    </div>
  );
}
