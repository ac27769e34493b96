'use client';

import { usePathname } from 'next/navigation';
import { useSyncExternalStore, type MouseEvent } from 'react';
import { focusResults, RESULTS_ID } from './results-heading';

/** Pages whose main content is a product listing with a results heading. */
const LISTING = /^\/(search|category)\//;

const noSubscription = () => () => undefined;

/**
 * Right after the header's search box on listing pages: one Tab and Enter lead past the navigation and the
 * filters to the results (dozens of Tabs otherwise). Shown only when it has focus.
 */
export function SkipToResults() {
  const pathname = usePathname();
  // Shown from the browser's own address only: a page the proxy rewrote (a malformed address shown as the 404
  // page) has another path on the server, and the two renders must agree for hydration.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  if (!hydrated || !LISTING.test(pathname)) return null;
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const heading = document.getElementById(RESULTS_ID);
    if (!heading) return;
    event.preventDefault();
    focusResults(heading);
  };
  return (
    <a href={`#${RESULTS_ID}`} className="skip-link skip-to-results" onClick={skip}>
      Skip to results
    </a>
  );
}
