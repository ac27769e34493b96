import Link from 'next/link';
import { listingHref, withSort, type ListingState } from '@/lib/commerce/search-query';
import type { SortOption } from '@/lib/commerce/types';
import styles from './listing.module.css';

interface Props {
  path: string;
  state: ListingState;
  sorts: SortOption[];
}

export function Sorts({ path, state, sorts }: Props) {
  if (sorts.length === 0) return null;
  return (
    <nav aria-label="Sort products" className={styles.sorts}>
      <span className={styles.sortsLabel}>Sort by</span>
      <ul>
        {sorts.map((sort) => (
          <li key={sort.code}>
            {sort.selected ? (
              <span className={styles.sortSelected} aria-current="true">
                {sort.name}
              </span>
            ) : (
              <Link href={listingHref(path, withSort(state, sort.code))} prefetch={false} scroll={false}>
                {sort.name}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
