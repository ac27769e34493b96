'use client';

import { useEffect, useRef, useState } from 'react';
import type { Assisted } from '@/lib/session/session-data';

/** Tabs of the shop hear here that the acting ended in another tab, and leave the shop too. */
const CHANNEL = 'mv-acting';
type ActingMessage = { type: 'ended'; returnTo: string };

/** Where End posts (app/api/assisted/end/route.ts). */
const END_ADDRESS = '/api/assisted/end/';

/**
 * The band on every shop page while an operator acts for a customer (docs/assisted-service.md "In the shop"):
 * drawn by the shop's layout on the server, so it is there with the first paint and moves nothing. End is a plain
 * form, a whole page load into the back office (it works before scripts load); with script, the shop's other tabs
 * are told first and leave the shop too.
 */
export function ActingBanner({ assisted }: { assisted: Pick<Assisted, 'userName' | 'shipToName' | 'returnTo'> }) {
  const [ending, setEnding] = useState(false);
  // One channel per tab, for listening and telling: a channel never hears its own messages, so this tab's End
  // form is not cut short by its own news.
  const channel = useRef<BroadcastChannel | null>(null);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const own = new BroadcastChannel(CHANNEL);
    own.onmessage = (event: MessageEvent<ActingMessage>) => {
      if (event.data?.type === 'ended') window.location.assign(event.data.returnTo);
    };
    channel.current = own;
    return () => {
      channel.current = null;
      own.close();
    };
  }, []);

  return (
    <div className="acting-banner" role="region" aria-label="Acting for a customer">
      <form
        method="post"
        action={END_ADDRESS}
        className="acting-banner-inner"
        onSubmit={(event) => {
          if (ending) {
            event.preventDefault();
            return;
          }
          setEnding(true);
          channel.current?.postMessage({ type: 'ended', returnTo: assisted.returnTo } satisfies ActingMessage);
        }}
      >
        <p>
          Acting for {assisted.userName}, {assisted.shipToName} —{' '}
          <button type="submit" className="acting-banner-end" aria-disabled={ending}>
            End
          </button>
        </p>
      </form>
    </div>
  );
}
