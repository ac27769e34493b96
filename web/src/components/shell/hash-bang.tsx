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

export function HashBangRedirect() {
  const router = useRouter();
  const pathname = usePathname();
  useEffect(() => {
    const target = hashBangTarget(pathname, window.location.hash);
    if (target) router.replace(target);
  }, [router, pathname]);
  return null;
}
