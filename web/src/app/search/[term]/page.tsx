import type { Metadata } from 'next';
import Link from 'next/link';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { Listing } from '@/components/catalogue/listing';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { shopScope } from '@/lib/commerce/scope';
import { searchListing } from '@/lib/commerce/search';
import { listingStateFrom } from '@/lib/commerce/search-query';
import { searchHref } from '@/lib/commerce/suggestion-rules';
import { getAllergenProfile } from '@/lib/food/allergen-profile';
import styles from '@/components/catalogue/page.module.css';

interface Props {
  params: Promise<{ term: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const decodeTerm = (raw: string): string => {
  try {
    return decodeURIComponent(raw).trim().slice(0, 100);
  } catch {
    return raw.trim().slice(0, 100);
  }
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Search results for ‘${decodeTerm((await params).term)}’` };
}

export default async function SearchPage({ params, searchParams }: Props) {
  const term = decodeTerm((await params).term);
  const scope = await shopScope();
  const [{ state, result }, profile] = await Promise.all([
    searchListing(scope, term, listingStateFrom(await searchParams)),
    getAllergenProfile(scope),
  ]);
  return (
    <div className={styles.page}>
      <Breadcrumbs trail={[{ name: 'Search results' }]} />
      <h1 className={styles.title}>Search results for ‘{term}’</h1>
      {result.ok ? (
        <Listing
          path={searchHref(term)}
          state={state}
          result={result.data}
          avoids={profile && { siteName: profile.shipTo.name, allergens: profile.avoids }}
          empty={
            <>
              <p>
                <strong>No products found for ‘{term}’.</strong>
              </p>
              <p>Check the spelling, try a shorter or more general word (for example ‘milk’ or ‘cheddar’), or remove a filter.</p>
              <p>
                You can also <Link href="/">browse the categories from the home page</Link>.
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
