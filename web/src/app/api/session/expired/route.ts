import { cookies } from 'next/headers';
import { FLASH_COOKIE } from '@/components/shell/flash';
import { SESSION_COOKIE } from '@/lib/session/cookie';
import { isExpiryProof } from '@/lib/session/expiry-proof';
import { clearSessionData, loginAddress } from '@/lib/session/session';
import { safeNextPath } from '@/lib/session/next-target';

/**
 * SessionExpired (docs/storefront-requirements.md §4): the tokens could not be refreshed. Clears the session and shows the sign-in page,
 * which says 'Your session has expired' / 'Please login again', then returns the user where they were going.
 * Only the server's own redirect, with its proof for this very session, ends it: from anywhere else (an image
 * on another site) this address just leads on to `next`, the session untouched.
 */
export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const next = safeNextPath(url.searchParams.get('next'));
  const store = await cookies();
  if (!isExpiryProof(url.searchParams.get('proof'), store.get(SESSION_COOKIE)?.value)) {
    return new Response(null, { status: 303, headers: { location: next, 'cache-control': 'no-store' } });
  }
  await clearSessionData();
  store.set(FLASH_COOKIE, 'session-expired', { path: '/', sameSite: 'lax', maxAge: 60, httpOnly: false });
  // Nothing the browser kept for this session (pages kept for offline use, the offline queue) outlives it.
  return new Response(null, { status: 303, headers: { location: loginAddress(next), 'cache-control': 'no-store', 'clear-site-data': '"cache", "storage"' } });
}
