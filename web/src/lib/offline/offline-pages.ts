/**
 * What the storefront keeps for offline use and what needs a connection (docs/phone.md, "Installable and
 * offline"). Shared by the proxy (which marks the responses), the service worker (src/sw/sw.ts, which caches
 * and serves them) and the banner (src/components/offline/). Plain TypeScript: it is bundled into all three.
 */

/** Response header the proxy sets on every page of a signed-in shop user: whose pages these are. */
export const SCOPE_HEADER = 'x-mv-offline-scope';
/** Response header on the pages that may be kept for offline use (the paths of OFFLINE_PAGES). */
export const KEEP_HEADER = 'x-mv-offline-keep';
/** The scope header's value on a page served to nobody signed in: every kept page is dropped. */
export const NO_SCOPE = 'none';

/** Cache Storage names: one partition per user and account (ship-to and range); static files in one more. */
export const PAGES_CACHE_PREFIX = 'mv-pages-';
export const STATIC_CACHE = 'mv-static';
export const META_CACHE = 'mv-offline-meta';

/** Where the service worker script is served (app/serwist/[path]/route.ts) and the scope it controls. */
export const SW_URL = '/serwist/sw.js';

/**
 * Pages kept for offline use once seen: usual items, cart, recent orders (the list and each order), product
 * and category pages, the Offers page, and home (where usual items also show). Like a product page, a kept
 * Offers page shows the offers as they were when it was kept, which the banner says. Paths as the proxy sees
 * them (no trailing slash) or as the browser asks for them (with one). A category page is kept per address, its
 * sort and page included.
 */
const OFFLINE_PAGES: RegExp[] = [
  /^\/$/,
  /^\/account\/usual\/?$/,
  /^\/cart\/?$/,
  /^\/account\/orders\/?$/,
  /^\/account\/orders\/[^/]+\/?$/,
  /^\/product\/[^/]+\/?$/,
  /^\/category\/[^/]+\/?$/,
  /^\/offers\/?$/,
];

/** The kinds of page OFFLINE_PAGES keeps, in the words the offline page uses. */
export const KEPT_KINDS = 'home, usual items, the cart, your orders, the offers, and the product and category pages you open';

export function isOfflinePage(pathname: string): boolean {
  return OFFLINE_PAGES.some((pattern) => pattern.test(pathname));
}

/** Pages that only work online; offline the banner (and the service worker, for a page not open) says why. */
const CONNECTION_NEEDED: [RegExp, string][] = [
  [/^\/cart\/checkout(\/|$)/, 'Placing an order needs a connection. Your cart is kept: place the order when you are back online.'],
  [/^\/account\/orders\/[^/]+\/edit(\/|$)/, 'Changing an order needs a connection. Nothing has been changed yet: try again when you are back online.'],
  [/^\/account\/orders\/[^/]+\/checkin(\/|$)/, 'Checking in a delivery needs a connection. Nothing has been sent yet: try again when you are back online.'],
  [/^\/account\/approvals(\/|$)/, 'Approving or rejecting orders needs a connection. Try again when you are back online.'],
];

export function connectionNeeded(pathname: string): string | undefined {
  return CONNECTION_NEEDED.find(([pattern]) => pattern.test(pathname))?.[1];
}

/** Messages between the page and the service worker. */
export type ToWorker =
  | { type: 'mv:scope'; scope: string | null }
  | { type: 'mv:keep-page'; url: string; scope: string }
  | { type: 'mv:served-from-cache?' };
export type FromWorker = { type: 'mv:served-from-cache'; cached: boolean; savedAt: string | null; reason: 'offline' | 'slow' };

/** The partition of a scope `user.account`: the user part lets another user's partitions be dropped at once. */
export function pagesCacheName(scope: string): string {
  return `${PAGES_CACHE_PREFIX}${scope}`;
}

export function userOfScope(scope: string): string {
  return scope.split('.')[0] ?? '';
}

/** The H6 queue's count of changes waiting (docs/phone.md): window event and the value read at mount. */
export const QUEUED_CHANGES_EVENT = 'mv:queued-changes';

export function queuedChangesText(count: number): string | undefined {
  if (!(count > 0)) return undefined;
  return count === 1 ? '1 change will be sent when you are back online' : `${count} changes will be sent when you are back online`;
}
