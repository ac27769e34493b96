'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect } from 'react';

/**
 * Spec §2: legacy addresses like /search/#!/butter or /#!/about/ are rewritten to their path form. The fragment
 * never reaches the server, so this runs in the browser.
 */
export function hashBangTarget(pathname: string, hash: string): string | undefined {
  if (!hash.startsWith('#!/')) return undefined;
  const value = hash.slice(3);
  if (value === '' || value.startsWith('/')) return undefined;
  const base = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return base === '/' ? `/${value}` : `${base}${value}`;
}

/**
 * Checks on every page and again on `hashchange`: a legacy address pasted into the bar of the page already
 * showing (`/` then `/#!/account/orders/`) changes only the fragment, which loads nothing.
 */
export function HashBangRedirect() {
  const router = useRouter();
  const pathname = usePathname();
  useEffect(() => {
    const rewrite = () => {
      const target = hashBangTarget(pathname, window.location.hash);
      if (target) router.replace(target);
    };
    rewrite();
    window.addEventListener('hashchange', rewrite);
    return () => window.removeEventListener('hashchange', rewrite);
  }, [router, pathname]);
  return null;
}
