'use client';

import { startTransition } from 'react';
import { forgetKeptPages } from '@/lib/offline/forget-kept-pages';
import { signOut } from './actions';
import { useNetworkFailure } from './use-server-action';

/**
 * A plain form: signing out works before any script has loaded, and the proxy checks its Origin. With script,
 * a dropped connection is the docs/storefront-requirements.md §8 toast rather than the crash page.
 */
export function SignOutButton({ className = 'nav-link' }: { className?: string }) {
  const { callAction } = useNetworkFailure();
  return (
    <form
      action={signOut}
      className="sign-out-form"
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(async () => {
          // Cart changes queued offline go with the session (docs/phone.md, "The offline cart").
          if (navigator.onLine) await import('@/lib/offline/change-queue').then((queue) => queue.clearQueuedChanges()).catch(() => undefined);
          await forgetKeptPages();
          await callAction(() => signOut());
        });
      }}
    >
      <button type="submit" className={className}>
        Sign out
      </button>
    </form>
  );
}
