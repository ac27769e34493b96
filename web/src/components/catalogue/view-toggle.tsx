'use client';

import { useTransition } from 'react';
import { chooseListingViewAction } from './listing-view-actions';
import styles from './view-toggle.module.css';

/** Grid or compact list, remembered per customer. */
export function ViewToggle({ view }: { view: 'grid' | 'list' }) {
  const [pending, startTransition] = useTransition();
  const choose = (next: 'grid' | 'list') => {
    if (next !== view) startTransition(() => chooseListingViewAction(next));
  };
  return (
    <div className={styles.toggle} role="group" aria-label="Show products as" aria-busy={pending || undefined}>
      <button type="button" aria-pressed={view === 'grid'} onClick={() => choose('grid')}>
        Grid
      </button>
      <button type="button" aria-pressed={view === 'list'} onClick={() => choose('list')}>
        List
      </button>
    </div>
  );
}
