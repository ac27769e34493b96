'use client';

import Link from 'next/link';
import type { MouseEvent, ReactNode } from 'react';
import { focusResultsAfterNavigatingTo } from './results-focus';

/**
 * A facet value that toggles its filter. Where the filters are a folded panel (a phone), the panel closes on the
 * new page (facets.tsx) and the results' heading takes focus and scroll, so the results are what shows next.
 */
export function FacetLink({ href, selected, className, children }: { href: string; selected: boolean; className?: string; children: ReactNode }) {
  const chosen = (event: MouseEvent<HTMLAnchorElement>) => {
    const summary = event.currentTarget.closest('details')?.querySelector('summary');
    if (summary && summary.getClientRects().length > 0) focusResultsAfterNavigatingTo(href);
  };
  return (
    <Link href={href} className={className} aria-current={selected ? 'true' : undefined} prefetch={false} scroll={false} onClick={chosen}>
      {children}
    </Link>
  );
}
