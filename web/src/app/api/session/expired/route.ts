import { cookies } from 'next/headers';
import { FLASH_COOKIE } from '@/components/shell/flash';
import { clearSessionData, loginAddress } from '@/lib/session/session';
import { safeNextPath } from '@/lib/session/request-context';

/**
 * SessionExpired (spec §4): the tokens could not be refreshed. Clears the session and shows the sign-in page,
 * which says 'Your session has expired' / 'Please login again', then returns the user where they were going.
 */
export async function GET(request: Request): Promise<Response> {
  await clearSessionData();
  (await cookies()).set(FLASH_COOKIE, 'session-expired', { path: '/', sameSite: 'lax', maxAge: 60, httpOnly: false });
  const next = safeNextPath(new URL(request.url).searchParams.get('next'));
  return new Response(null, { status: 303, headers: { location: loginAddress(next), 'cache-control': 'no-store' } });
}
