import { cookies } from 'next/headers';
import { ASSIST_ENDED_COOKIE, ASSIST_ENDED_FLAG } from '@/lib/session/assisted-end';
import { ASSIST_COOKIE, unsealAssisted } from '@/lib/session/assisted-cookie';
import { isExpiryProof } from '@/lib/session/expiry-proof';
import { servedOverHttps } from '@/lib/session/request-context';
import { clearAssistedSession } from '@/lib/session/session';

/**
 * An acting session the API no longer takes (ended from another tab or the back office, 30 minutes idle, its token
 * over): its cookie goes and the operator is back on the back office page they came from, which says "The session
 * acting for … has ended" (docs/assisted-service.md "In the shop"). Only the server's own redirect, with its proof
 * for this very cookie, ends it; from anywhere else this address just leads to the back office.
 */
export async function GET(request: Request): Promise<Response> {
  // An in-app navigation (the page's own script fetching, as the proxy tells it) is answered with no page at all:
  // the browser then loads this address as a whole page, which ends it, so the back office comes with its own
  // shell rather than inside the shop's.
  if (request.headers.get('sec-fetch-dest') === 'empty' && request.headers.get('sec-fetch-mode') !== 'navigate') {
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  }
  const store = await cookies();
  const value = store.get(ASSIST_COOKIE)?.value;
  const acting = await unsealAssisted(value);
  const returnTo = acting?.assisted.returnTo ?? '/admin/customers/';
  if (!acting || !isExpiryProof(new URL(request.url).searchParams.get('proof'), value)) {
    return new Response(null, { status: 303, headers: { location: returnTo, 'cache-control': 'no-store' } });
  }
  await clearAssistedSession();
  store.set(ASSIST_ENDED_COOKIE, acting.assisted.userName, { path: '/admin', sameSite: 'lax', httpOnly: true, secure: await servedOverHttps(), maxAge: 60 });
  return new Response(null, { status: 303, headers: { location: `${returnTo}?${ASSIST_ENDED_FLAG}=1`, 'cache-control': 'no-store' } });
}
