'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { takeResultsFocusRequest } from './results-focus';

export const RESULTS_ID = 'results';

/** Brings the results' heading to the top of the screen and gives it focus, for the pager and the skip link. */
export function focusResults(heading: HTMLElement | null = document.getElementById(RESULTS_ID)): void {
  if (!heading) return;
  heading.focus({ preventScroll: true });
  heading.scrollIntoView({ block: 'start' });
}

/**
 * The listing's count ("21–40 of 80 products") as the heading of the results: the target of the header's
 * "Skip to results" link, and where focus and scroll go after paging (or a filter chosen on a phone). `address`
 * is the listing's own address: a new one is a new page of results.
 */
export function ResultsHeading({ address, className, children }: { address: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeResultsFocusRequest()) focusResults(ref.current);
  }, [address]);
  return (
    <h2 id={RESULTS_ID} ref={ref} tabIndex={-1} className={className}>
      <span role="status">{children}</span>
    </h2>
  );
}
