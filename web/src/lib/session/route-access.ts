/**
 * docs/storefront-requirements.md §2 page access, decided once in the proxy for every page (pages check again with requireShopSession):
 * 'anonymous' pages send a set-up user home, 'user' pages need a signed-in user, 'shop' pages also an active
 * ship-to and range, 'home' is for everyone but a signed-in user must choose an account first.
 */
export type Access = 'anonymous' | 'user' | 'shop' | 'home' | 'both';

const RULES: [RegExp, Access][] = [
  [/^\/login(\/|$)/, 'anonymous'],
  [/^\/account\/select(\/|$)/, 'user'],
  [/^\/account\/password(\/|$)/, 'user'],
  [/^\/(cart|category|search|product|offers)(\/|$)/, 'shop'],
  [/^\/account(\/|$)/, 'shop'],
  [/^\/$/, 'home'],
];

export function accessFor(pathname: string): Access {
  return RULES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'both';
}

export type Guard = { redirect: string } | undefined;

/** Where a page request must go instead, if anywhere. */
export function guard(access: Access, state: { signedIn: boolean; ready: boolean }, next: string): Guard {
  const encoded = encodeURIComponent(next);
  if (access === 'anonymous') return state.ready ? { redirect: '/' } : undefined;
  if (access === 'both') return undefined;
  if (access === 'home') return state.signedIn && !state.ready ? { redirect: '/account/select/' } : undefined;
  if (!state.signedIn) return { redirect: `/login/?next=${encoded}` };
  if (access === 'shop' && !state.ready) return { redirect: `/account/select/?next=${encoded}` };
  return undefined;
}
