import Link from 'next/link';
import type { ReactNode } from 'react';
import { listingView } from '@/lib/commerce/listing-view';
import { listingHref, toggleFilter, withPage, type ListingState } from '@/lib/commerce/search-query';
import type { SearchResult } from '@/lib/commerce/types';
import { ALLERGEN_NAMES, allergenSchema } from '@/lib/food/food-schemas';
import { AvoidToggle } from './avoid-toggle';
import { Facets } from './facets';
import { Pagination } from './pagination';
import { ProductGrid } from './product-grid';
import { ProductRows } from './product-rows';
import { ResultsHeading } from './results-heading';
import { ViewToggle } from './view-toggle';
import { Sorts } from './sorts';
import styles from './listing.module.css';

interface Props {
  path: string;
  state: ListingState;
  result: SearchResult;
  /** Shown when nothing matches. */
  empty: ReactNode;
  /** Facets the page fixes itself (the category of a category page) are not offered again. */
  hiddenFacets?: string[];
  /** The active site's allergen profile, for the switch that hides what it avoids; null without one. */
  avoids?: { siteName: string; allergens: readonly string[] } | null;
}

const results = (n: number) => (n === 1 ? '1 product' : `${n} products`);

/** A product listing: facets, sorts, the cards (or the compact list the customer chose) and pages, driven by the address. */
export async function Listing({ path, state, result, empty, hiddenFacets = [], avoids = null }: Props) {
  const view = await listingView();
  const facets = result.facets.filter((facet) => !hiddenFacets.includes(facet.code));
  const { totalResults, currentPage, pageSize } = result.pagination;
  const first = totalResults === 0 ? 0 : currentPage * pageSize + 1;
  const last = Math.min(totalResults, (currentPage + 1) * pageSize);
  return (
    <div className={styles.listing}>
      <aside className={styles.side} aria-label="Filters">
        <Facets path={path} state={state} facets={facets} />
      </aside>
      <div className={styles.main}>
        <div className={styles.toolbar}>
          <ResultsHeading address={listingHref(path, state)} className={styles.resultsHeading}>
            {totalResults === 0 ? 'No products' : `${first}–${last} of ${results(totalResults)}`}
          </ResultsHeading>
          <ViewToggle view={view} />
          <Sorts path={path} state={state} sorts={result.sorts} />
        </div>
        {avoids ? <AvoidToggle path={path} state={state} siteName={avoids.siteName} allergens={avoids.allergens} /> : null}
        {state.filters.length > 0 ? (
          <ul className={styles.chips} aria-label="Active filters">
            {state.filters.map(([key, value]) => (
              <li key={`${key}:${value}`}>
                <Link href={listingHref(path, toggleFilter(state, key, value))} prefetch={false} scroll={false}>
                  {facetValueName(result, key, value)}
                  <span className="visually-hidden">: remove filter</span>
                  <span aria-hidden="true"> ×</span>
                </Link>
              </li>
            ))}
            <li>
              <Link href={listingHref(path, { ...state, filters: [], page: 0 })} prefetch={false} scroll={false}>
                Clear all filters
              </Link>
            </li>
          </ul>
        ) : null}
        {result.products.length === 0 ? (
          <div className={styles.empty}>{empty}</div>
        ) : view === 'list' ? (
          <ProductRows products={result.products} label="Products" />
        ) : (
          <ProductGrid products={result.products} label="Products" />
        )}
        <Pagination pagination={result.pagination} hrefFor={(page) => listingHref(path, withPage(state, page))} />
      </div>
    </div>
  );
}

function facetValueName(result: SearchResult, key: string, value: string): string {
  // Avoid is a filter without a facet: its chip names the allergen itself.
  if (key === 'avoid') {
    const allergen = allergenSchema.safeParse(value);
    return `Avoid: ${allergen.success ? ALLERGEN_NAMES[allergen.data] : value}`;
  }
  const facet = result.facets.find((candidate) => candidate.code === key);
  const found = facet?.values.find((candidate) => candidate.code === value);
  return found ? `${facet?.name}: ${found.name}` : value;
}
