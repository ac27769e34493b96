/**
 * Where `?next=` may send someone (after sign-in, from the session-expired address): a path of this site only,
 * however the value is dressed up (docs/security.md). The value is read as a browser reads an address - tabs and
 * newlines dropped, backslashes taken for slashes, dot segments resolved - against an origin of our own; one that
 * then names any other origin is refused, and so is a path a browser would take for another host (`//host`, what
 * `/.//host` resolves to). What is returned is the path and query alone, %-encoded as in an address.
 */
const OWN_ORIGIN = 'http://storefront.invalid';

function sameSitePath(candidate: string | null | undefined): string | undefined {
  if (!candidate) return undefined;
  let url: URL;
  try {
    url = new URL(candidate, OWN_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== OWN_ORIGIN || url.pathname.startsWith('//')) return undefined;
  return `${url.pathname}${url.search}`;
}

/** A shop path to return to; never the sign-in page itself or an API route. */
export function safeNextPath(candidate: string | null | undefined, fallback = '/'): string {
  const path = sameSitePath(candidate);
  if (path === undefined || path.startsWith('/login') || path.startsWith('/api/')) return fallback;
  return path;
}

/** Where a user goes once /account/select/ has set their account: the page that sent them there, never back to it. */
export function afterAccountChosen(candidate: string | null | undefined): string {
  const path = safeNextPath(candidate);
  return path.startsWith('/account/select') ? '/' : path;
}

/** A back-office path to return to: under /admin/ once resolved (`/admin/../x` is not), never its sign-in page. */
export function safeAdminNext(candidate: string | null | undefined): string {
  const path = sameSitePath(candidate);
  if (path === undefined || !path.startsWith('/admin/') || path.startsWith('/admin/login')) return '/admin/';
  return path;
}
