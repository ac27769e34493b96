import Link from 'next/link';
import { avoidsAll, listingHref, withAvoids, type ListingState } from '@/lib/commerce/search-query';
import styles from './listing.module.css';

interface Props {
  path: string;
  state: ListingState;
  siteName: string;
  /** The allergens the site's profile avoids; the switch is not drawn without any. */
  allergens: readonly string[];
}

/**
 * "Hide products <site> avoids": a link that adds an `avoid` filter for each allergen of the site's profile, or
 * takes them away, so the choice lives in the address like the facets (no script, back and forward work).
 */
export function AvoidToggle({ path, state, siteName, allergens }: Props) {
  if (allergens.length === 0) return null;
  const on = avoidsAll(state, allergens);
  return (
    <Link
      href={listingHref(path, withAvoids(state, allergens, !on))}
      role="switch"
      aria-checked={on}
      className={on ? styles.facetSelected : styles.facetValue}
      prefetch={false}
      scroll={false}
    >
      <span className={styles.check} aria-hidden="true" />
      <span>Hide products {siteName} avoids</span>
    </Link>
  );
}
