'use client';

import { useCallback } from 'react';
import { useToast } from '@/components/shell/toasts';

/**
 * Runs a Server Action call; when the connection drops (the call itself rejects) the customer gets the spec §8
 * FailedToFetch toast and the page stays as it is, with whatever they typed.
 */
export function useNetworkSafe() {
  const { showToast } = useToast();
  return useCallback(
    async <T,>(call: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await call();
      } catch {
        showToast({ title: 'Temporary network error', description: 'Please try again', type: 'error', dedupeKey: 'network' });
        return undefined;
      }
    },
    [showToast],
  );
}
