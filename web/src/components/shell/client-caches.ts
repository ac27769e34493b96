/**
 * Values the browser keeps for the active account (search suggestions, anything keyed by range) live in
 * sessionStorage under this prefix; an account switch or sign-out clears them (docs/storefront-requirements.md §4).
 */
export const CLIENT_CACHE_PREFIX = 'mv:';

export function clearClientCaches(): void {
  try {
    for (const key of Object.keys(window.sessionStorage)) {
      if (key.startsWith(CLIENT_CACHE_PREFIX)) window.sessionStorage.removeItem(key);
    }
  } catch {
    // storage may be unavailable (private mode): then nothing was cached either
  }
}
