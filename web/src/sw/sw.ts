/// <reference lib="webworker" />
/**
 * The storefront's service worker (docs/phone.md, "Installable and offline"), built with Serwist and served by
 * app/serwist/[path]/route.ts. Pages already seen open offline from the partition of the user and account that
 * saw them; every other page offline is a short offline page. It never reloads a page: a new version takes over
 * open tabs quietly, and what a tab shows stays as it is.
 */
import { CacheFirst, ExpirationPlugin, Serwist, StaleWhileRevalidate, type PrecacheEntry } from 'serwist';
import {
  isOfflinePage,
  KEEP_HEADER,
  META_CACHE,
  NO_SCOPE,
  PAGES_CACHE_PREFIX,
  pagesCacheName,
  SCOPE_HEADER,
  STATIC_CACHE,
  userOfScope,
  type FromWorker,
  type ToWorker,
} from '../lib/offline/offline-pages';
import { offlinePageHtml, type KeptPage } from './offline-page';

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };

/** With a kept copy at hand, a page the network has not answered in this long opens from the copy. */
const NETWORK_WAIT_MS = 8000;
/** A page kept by a tab's in-app navigation is fetched again at most this often. */
const KEEP_AGAIN_AFTER_MS = 30_000;
const SCOPE_KEY = '/__mv-offline-scope';
const SAVED_AT = 'x-mv-saved-at';
const TITLE = 'x-mv-title';

// ---- whose pages: the scope --------------------------------------------------------------------------------

let currentScope: string | null | undefined;

async function readScope(): Promise<string | null> {
  if (currentScope !== undefined) return currentScope;
  const stored = await (await caches.open(META_CACHE)).match(SCOPE_KEY);
  const text = stored ? await stored.text() : '';
  currentScope ??= text || null;
  return currentScope;
}

/**
 * The user and account now signed in (null: nobody). Another user's partitions, or all of them when nobody is
 * signed in, are deleted; the same user's other accounts keep theirs but are never served for this one.
 */
async function setScope(scope: string | null): Promise<void> {
  currentScope = scope;
  await (await caches.open(META_CACHE)).put(SCOPE_KEY, new Response(scope ?? ''));
  const names = await caches.keys();
  const stale = names.filter((name) => name.startsWith(PAGES_CACHE_PREFIX) && (scope === null || userOfScope(name.slice(PAGES_CACHE_PREFIX.length)) !== userOfScope(scope)));
  await Promise.all(stale.map((name) => caches.delete(name)));
}

// ---- keeping pages -----------------------------------------------------------------------------------------

/** Reads whose page a response is and keeps it when the proxy marked it as one to keep. */
async function keep(response: Response, url: string): Promise<void> {
  const scope = response.headers.get(SCOPE_HEADER);
  if (scope === NO_SCOPE) {
    await setScope(null);
  } else if (scope && scope !== (await readScope())) {
    await setScope(scope);
  }
  const keepable =
    scope && scope !== NO_SCOPE && response.status === 200 && response.type === 'basic' && !response.redirected && response.headers.get(KEEP_HEADER) === '1' && (response.headers.get('content-type') ?? '').startsWith('text/html');
  if (!keepable || !scope) {
    await response.body?.cancel();
    return;
  }
  const html = await response.text();
  // A sign-out or another sign-in may have happened while the page was on its way.
  if (scope !== currentScope) return;
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT, new Date().toISOString());
  headers.set(TITLE, encodeURIComponent(/<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() ?? ''));
  await (await caches.open(pagesCacheName(scope))).put(url, new Response(html, { status: 200, statusText: 'OK', headers }));
}

async function keptPages(scope: string | null): Promise<KeptPage[]> {
  if (!scope) return [];
  const cache = await caches.open(pagesCacheName(scope));
  const pages: KeptPage[] = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    const url = new URL(request.url);
    const title = decodeURIComponent(response?.headers.get(TITLE) ?? '').replace(/&amp;/g, '&').replace(/^[^|]*\|\s*/, '');
    pages.push({ url: `${url.pathname}${url.search}`, title: title || url.pathname });
  }
  return pages.sort((a, b) => a.url.localeCompare(b.url));
}

// ---- navigations -------------------------------------------------------------------------------------------

/** Which tab was given which kept copy (its time, and whether the network failed or was slow), for the banner. */
const servedFromCache = new Map<string, { savedAt: string | null; reason: 'offline' | 'slow' }>();

function ownPage(url: URL): boolean {
  return url.origin === self.location.origin && !url.pathname.startsWith('/admin') && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/serwist/');
}

async function navigate(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const url = new URL(request.url);
  const network = (async () => ((await event.preloadResponse) as Response | undefined) ?? fetch(request))();
  if (!ownPage(url)) return network;
  const answered = network.then((response) => ({ response, copy: response.clone() }));
  event.waitUntil(
    answered.then(({ copy }) => keep(copy, request.url)).catch(() => undefined),
  );
  const scope = await readScope();
  const cached = scope && isOfflinePage(url.pathname) ? await (await caches.open(pagesCacheName(scope))).match(request.url) : undefined;
  try {
    if (!cached) return (await answered).response;
    return await Promise.race([
      answered.then(({ response }) => response),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('slow')), NETWORK_WAIT_MS)),
    ]);
  } catch (error) {
    if (cached) {
      const reason = error instanceof Error && error.message === 'slow' ? 'slow' : 'offline';
      servedFromCache.set(event.resultingClientId, { savedAt: cached.headers.get(SAVED_AT), reason });
      return cached;
    }
    return new Response(offlinePageHtml(url.pathname, await keptPages(scope)), {
      status: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
      },
    });
  }
}

// ---- messages from the pages -------------------------------------------------------------------------------

const lastKept = new Map<string, number>();

async function keepByFetching(url: string, scope: string): Promise<void> {
  const address = new URL(url, self.location.origin);
  if (!ownPage(address) || !isOfflinePage(address.pathname) || scope !== (await readScope())) return;
  const now = Date.now();
  if ((lastKept.get(address.href) ?? 0) > now - KEEP_AGAIN_AFTER_MS) return;
  lastKept.set(address.href, now);
  try {
    const response = await fetch(address.href, { credentials: 'same-origin', priority: 'low' } as RequestInit);
    await keep(response, address.href);
  } catch {
    // offline or refused: nothing kept this time
  }
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as ToWorker | undefined;
  if (!message || typeof message !== 'object') return;
  if (message.type === 'mv:scope') event.waitUntil(setScope(typeof message.scope === 'string' ? message.scope : null));
  else if (message.type === 'mv:keep-page' && typeof message.url === 'string' && typeof message.scope === 'string') event.waitUntil(keepByFetching(message.url, message.scope));
  else if (message.type === 'mv:served-from-cache?' && event.source && 'id' in event.source) {
    const source = event.source as Client;
    const served = servedFromCache.get(source.id);
    const answer: FromWorker = served ? { type: 'mv:served-from-cache', cached: true, ...served } : { type: 'mv:served-from-cache', cached: false, savedAt: null, reason: 'offline' };
    source.postMessage(answer);
  }
});

// ---- Serwist: precache (the icons), static files, routing ------------------------------------------------

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: true,
  runtimeCaching: [
    { matcher: ({ request }) => request.mode === 'navigate', handler: ({ event }) => navigate(event as FetchEvent) },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_next/static/'),
      handler: new CacheFirst({ cacheName: STATIC_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 })] }),
    },
    {
      // Product pictures are the catalogue's, the same for every customer.
      matcher: ({ url, sameOrigin, request }) => sameOrigin && request.destination === 'image' && /^\/(product\/[^/]+\/image\/|icons\/|icon\.svg|favicon\.ico)/.test(url.pathname),
      handler: new StaleWhileRevalidate({ cacheName: `${STATIC_CACHE}-images`, plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 })] }),
    },
  ],
});

serwist.addEventListeners();
