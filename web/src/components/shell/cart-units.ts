'use client';

import { usePathname } from 'next/navigation';
import { useSyncExternalStore } from 'react';
import { QUEUED_CHANGES_EVENT } from '@/lib/offline/offline-pages';

/**
 * The header's unit count as a page learnt it without re-rendering itself (a stale checkout tab finds its cart
 * already ordered, and keeps its form and message on screen). It holds on that page only: after any
 * navigation the header shows the count the server rendered with it.
 */
interface Published {
  units: number;
  pathname: string;
}

let published: Published | undefined;
const listeners = new Set<() => void>();

export function publishCartUnits(units: number): void {
  published = { units, pathname: window.location.pathname };
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function useCartUnits(serverUnits: number): number {
  const pathname = usePathname();
  const current = useSyncExternalStore(
    subscribe,
    () => published,
    () => undefined,
  );
  return current && current.pathname === pathname ? current.units : serverUnits;
}

function subscribeQueued(listener: () => void): () => void {
  window.addEventListener(QUEUED_CHANGES_EVENT, listener);
  return () => window.removeEventListener(QUEUED_CHANGES_EVENT, listener);
}

/** Cases the offline queue holds for the cart (0 until it has started on this page): the queue publishes them. */
export const useQueuedUnits = (): number =>
  useSyncExternalStore(
    subscribeQueued,
    () => window.__mvQueuedUnits ?? 0,
    () => 0,
  );
