'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { connectionNeeded, isOfflinePage, QUEUED_CHANGES_EVENT, queuedChangesText, SW_URL, type FromWorker, type ToWorker } from '@/lib/offline/offline-pages';
import styles from './offline-banner.module.css';

declare global {
  interface Window {
    /** The offline queue's count of changes waiting, set before it dispatches `mv:queued-changes`. */
    __mvQueuedChanges?: number;
  }
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Online on the server and until the browser says otherwise: nothing is painted for a page that is online. */
const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );

function post(message: ToWorker): void {
  void navigator.serviceWorker?.ready.then((registration) => registration.active?.postMessage(message)).catch(() => undefined);
}

function savedAtText(savedAt: string | null): string {
  const date = savedAt ? new Date(savedAt) : undefined;
  if (!date || Number.isNaN(date.getTime())) return 'as it was when last opened';
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(date);
  const sameDay = date.toDateString() === new Date().toDateString();
  const day = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short' }).format(date);
  return sameDay ? `as it was at ${time}` : `as it was at ${time} on ${day}`;
}

interface Copy {
  savedAt: string | null;
  reason: 'offline' | 'slow';
  /** The server render the kept copy holds: a newer one means the page is fresh again. */
  render: string;
}

/**
 * Registers the service worker, tells it whose pages these are (scope: the signed-in user and account, null for
 * nobody), asks it to keep the offline pages reached by in-app navigation, and shows the "Offline" banner: when
 * the browser is offline or the page is a kept copy; with the count of queued cart changes and, on pages that
 * only work online, what needs a connection. It never reloads the page itself (docs/phone.md): back online, a
 * kept copy is brought up to date in place (what the page holds stays) and the banner goes once it is.
 * `render` names the server render the layout came from (its request id); a refresh brings a new one.
 */
export function OfflineBanner({ scope, render }: { scope: string | null; render: string }) {
  const online = useOnline();
  const pathname = usePathname();
  const router = useRouter();
  const [queued, setQueued] = useState(0);
  const [copy, setCopy] = useState<Copy | null>(null);
  const renderNow = useRef(render);
  // The browser's word can lag behind a failed request; an 'online' event after that settles it.
  const [backOnline, setBackOnline] = useState(false);
  const firstPath = useRef<string | null>(null);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const register = () => void navigator.serviceWorker.register(SW_URL, { scope: '/', type: 'module', updateViaCache: 'none' }).catch(() => undefined);
    // After the page has loaded and painted: the worker's download never competes with the page's own.
    if (document.readyState === 'complete') window.setTimeout(register, 1000);
    else window.addEventListener('load', () => window.setTimeout(register, 1000), { once: true });
    const answer = (event: MessageEvent<FromWorker>) => {
      if (event.data?.type === 'mv:served-from-cache' && event.data.cached) {
        setCopy({ savedAt: event.data.savedAt, reason: event.data.reason === 'slow' ? 'slow' : 'offline', render: renderNow.current });
      }
    };
    navigator.serviceWorker.addEventListener('message', answer);
    const cameBack = () => setBackOnline(true);
    window.addEventListener('online', cameBack);
    navigator.serviceWorker.controller?.postMessage({ type: 'mv:served-from-cache?' } satisfies ToWorker);
    return () => {
      navigator.serviceWorker.removeEventListener('message', answer);
      window.removeEventListener('online', cameBack);
    };
  }, []);

  useEffect(() => {
    if ('serviceWorker' in navigator) post({ type: 'mv:scope', scope });
  }, [scope]);

  useEffect(() => {
    // The first page came through the worker (which kept it) or from its cache; later ones came by in-app
    // navigation, which the worker does not see: it fetches a copy to keep. So does a first page the worker did not
    // serve because it was not installed yet (a session's first pages), once it is.
    if (firstPath.current === null) {
      firstPath.current = pathname;
      if (navigator.serviceWorker?.controller) return;
    }
    if (scope && navigator.onLine && isOfflinePage(pathname)) post({ type: 'mv:keep-page', url: `${window.location.pathname}${window.location.search}`, scope });
  }, [pathname, scope]);

  useEffect(() => {
    setQueued(window.__mvQueuedChanges ?? 0);
    const onQueued = (event: Event) => {
      const count = (event as CustomEvent<{ count?: unknown }>).detail?.count;
      setQueued(typeof count === 'number' && Number.isFinite(count) ? count : 0);
    };
    window.addEventListener(QUEUED_CHANGES_EVENT, onQueued);
    return () => window.removeEventListener(QUEUED_CHANGES_EVENT, onQueued);
  }, []);

  useEffect(() => {
    renderNow.current = render;
  }, [render]);

  // A kept copy stays a copy after an in-app navigation to another page.
  useEffect(() => {
    if (firstPath.current !== null && pathname !== firstPath.current) setCopy(null);
  }, [pathname]);

  // The page shows a kept copy until the server renders it again.
  const shownCopy = copy && copy.render === render ? copy : null;
  const stale = Boolean(shownCopy);
  useEffect(() => {
    if (stale && backOnline && navigator.onLine) router.refresh();
  }, [stale, backOnline, router]);

  const offline = !online || (shownCopy?.reason === 'offline' && !backOnline);
  if (!offline && !shownCopy) return null;
  const needed = offline ? connectionNeeded(pathname) : undefined;
  const queuedText = offline ? queuedChangesText(queued) : undefined;
  return (
    <div className={styles.banner} role="status" data-testid="offline-banner">
      <span className={styles.label}>{offline ? 'Offline' : 'Kept copy'}</span>
      {shownCopy ? <span>This page is a copy kept on this device, {savedAtText(shownCopy.savedAt)}.</span> : !needed && <span>Pages you have opened before still open.</span>}
      {needed && <span>{needed}</span>}
      {queuedText && <span>{queuedText}.</span>}
      {!offline && shownCopy && (
        <button type="button" className={styles.reload} onClick={() => window.location.reload()}>
          Load the latest
        </button>
      )}
    </div>
  );
}
