import Link from 'next/link';
import { listingHref, toggleFilter, type ListingState } from '@/lib/commerce/search-query';
import type { Facet } from '@/lib/commerce/types';
import styles from './listing.module.css';

interface Props {
  path: string;
  state: ListingState;
  facets: Facet[];
}

/**
 * Facet values are plain links that toggle a filter in the address: no script needed, and back/forward work.
 * Folded away on a phone, always shown on a wide screen (see listing.module.css).
 */
export function Facets({ path, state, facets }: Props) {
  const shown = facets.filter((facet) => facet.values.length > 0);
  if (shown.length === 0) return null;
  return (
    <details className={styles.filters}>
      <summary className={styles.filtersSummary}>Filters</summary>
      {shown.map((facet) => (
        <section key={facet.code} className={styles.facet} aria-labelledby={`facet-${facet.code}`}>
          <h3 id={`facet-${facet.code}`} className={styles.facetName}>
            {facet.name}
          </h3>
          <ul className={styles.facetValues}>
            {facet.values.map((value) => (
              <li key={value.code}>
                <Link
                  href={listingHref(path, toggleFilter(state, facet.code, value.code))}
                  className={value.selected ? styles.facetSelected : styles.facetValue}
                  aria-current={value.selected ? 'true' : undefined}
                  prefetch={false}
                  scroll={false}
                >
                  <span className={styles.check} aria-hidden="true" />
                  <span>{value.name}</span>
                  <span className={styles.count}>
                    ({value.count}
                    <span className="visually-hidden"> products</span>)
                  </span>
                  {value.selected ? <span className="visually-hidden">, selected: remove filter</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </details>
  );
}
