'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { hasUnsavedCartEdits, saveCartEdits } from './cart-edits';

const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * While a typed quantity is unsaved: a link inside the shop (Go to checkout, the header's Checkout, any other)
 * first saves it and then goes on, or stays when it could not be saved; closing or reloading the tab asks.
 */
export function useLeaveGuard(): void {
  const router = useRouter();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || !isPlainClick(event) || !hasUnsavedCartEdits()) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.target || link.origin !== window.location.origin) return;
      // Capturing on the document runs before the link's own handler, which then sees the click as handled.
      event.preventDefault();
      const destination = `${link.pathname}${link.search}${link.hash}`;
      void saveCartEdits().then((saved) => {
        if (saved) router.push(destination);
      });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (hasUnsavedCartEdits()) event.preventDefault();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [router]);
}
