import { listingHref, toggleFilter, type ListingState } from '@/lib/commerce/search-query';
import type { Facet } from '@/lib/commerce/types';
import { FacetLink } from './facet-link';
import styles from './listing.module.css';

interface Props {
  path: string;
  state: ListingState;
  facets: Facet[];
}

/**
 * Facet values are plain links that toggle a filter in the address: no script needed, and back/forward work.
 * Folded away on a phone, always shown on a wide screen (see listing.module.css); choosing a value there closes
 * the panel.
 */
export function Facets({ path, state, facets }: Props) {
  const shown = facets.filter((facet) => facet.values.length > 0);
  if (shown.length === 0) return null;
  return (
    // Keyed by the chosen filters: a new choice renders the panel anew, closed, so on a phone the results show.
    <details key={state.filters.map(([key, value]) => `${key}=${value}`).join('&')} className={styles.filters}>
      <summary className={styles.filtersSummary}>Filters</summary>
      {shown.map((facet) => (
        <section key={facet.code} className={styles.facet} aria-labelledby={`facet-${facet.code}`}>
          <h3 id={`facet-${facet.code}`} className={styles.facetName}>
            {facet.name}
          </h3>
          <ul className={styles.facetValues}>
            {facet.values.map((value) => (
              <li key={value.code}>
                <FacetLink
                  href={listingHref(path, toggleFilter(state, facet.code, value.code))}
                  className={value.selected ? styles.facetSelected : styles.facetValue}
                  selected={value.selected}
                >
                  <span className={styles.check} aria-hidden="true" />
                  <span>{value.name}</span>
                  <span className={styles.count}>
                    ({value.count}
                    <span className="visually-hidden"> products</span>)
                  </span>
                  {value.selected ? <span className="visually-hidden">, selected: remove filter</span> : null}
                </FacetLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </details>
  );
}
