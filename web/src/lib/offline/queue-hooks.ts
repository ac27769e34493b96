'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { dismissRefusal, queuedChanges, refusals, startChangeQueue } from './change-queue';
import { QUEUE_CHANGED_EVENT, QUEUE_REPLAYED_EVENT, type CartChange, type QueueRefusal } from './queue-types';

/** One page refresh per replay, however many components use the queue. */
let refreshPage: (() => void) | undefined;
let listening = false;

/**
 * Once the page has finished starting: the queue's storage (sessionStorage, IndexedDB) and its owner lookup are
 * work a phone should not do while it hydrates the page (docs/phone.md, "Speed").
 */
function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 200);
}

/** Starts the offline cart in this tab; after a replay the page shows the cart as the shop now has it. */
export function useChangeQueue(): void {
  const router = useRouter();
  useEffect(() => {
    refreshPage = () => router.refresh();
    if (!listening) {
      listening = true;
      window.addEventListener(QUEUE_REPLAYED_EVENT, () => refreshPage?.());
      whenIdle(startChangeQueue);
    }
  }, [router]);
}

/** Something read from the queue, read again whenever the queue changes (in this tab or another). */
function useQueueRead<T>(read: () => Promise<T>, initial: T): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    let live = true;
    const reread = () => void read().then((next) => live && setValue(next));
    reread();
    window.addEventListener(QUEUE_CHANGED_EVENT, reread);
    return () => {
      live = false;
      window.removeEventListener(QUEUE_CHANGED_EVENT, reread);
    };
  }, [read]);
  return value;
}

const NONE: never[] = [];

/** The changes of this account still waiting to be sent, oldest first. */
export const useQueuedChanges = (): CartChange[] => useQueueRead(queuedChanges, NONE);

/** Changes the shop refused when they were sent, with a way to dismiss each. */
export function useQueueRefusals(): { refusals: QueueRefusal[]; dismiss: (key: string) => void } {
  const list = useQueueRead(refusals, NONE);
  const dismiss = useCallback((key: string) => void dismissRefusal(key), []);
  return { refusals: list, dismiss };
}
