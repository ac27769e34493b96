'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';
import { focusResultsAfterNavigatingTo } from './results-focus';

/** A pager link: the page it opens starts at its results' heading, which takes focus (where the page has one). */
export function PageLink({ href, rel, children }: { href: string; rel?: 'prev' | 'next'; children: ReactNode }) {
  return (
    <Link href={href} rel={rel} prefetch={false} onClick={() => focusResultsAfterNavigatingTo(href)}>
      {children}
    </Link>
  );
}
