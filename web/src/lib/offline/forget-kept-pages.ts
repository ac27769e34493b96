import { PAGES_CACHE_PREFIX, type ToWorker } from './offline-pages';

/**
 * Sign-out in this tab: drops every page kept for offline use and tells the service worker nobody is signed in,
 * before the sign-out request leaves (so it holds even when that request then fails). The sign-in page that
 * follows says the same again (its scope is none), and after a sign-out without script the proxy's
 * Clear-Site-Data does it (docs/phone.md).
 */
export async function forgetKeptPages(): Promise<void> {
  try {
    navigator.serviceWorker?.controller?.postMessage({ type: 'mv:scope', scope: null } satisfies ToWorker);
    if (typeof caches === 'undefined') return;
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith(PAGES_CACHE_PREFIX)).map((name) => caches.delete(name)));
  } catch {
    // no Cache Storage here (an insecure origin): nothing was kept either
  }
}
