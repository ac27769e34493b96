import { endAtApi } from '@/lib/session/assisted-end';
import { isAssisted } from '@/lib/session/assisted-cookie';
import { clearAssistedSession, readSessionData } from '@/lib/session/session';

/**
 * End (docs/assisted-service.md "In the shop"), posted by the acting band's form (the proxy checks its Origin):
 * the API ends the acting session and revokes its token, the acting cookie goes (the browser's own shop session,
 * if any, is as it was), and the operator is back in the back office, a whole page load: the back office has
 * its own shell. The cookie goes even when the API cannot be reached: nobody can use the token from this browser
 * any more, and the API ends the session after 30 minutes idle.
 */
export async function POST(): Promise<Response> {
  const session = await readSessionData();
  if (!isAssisted(session)) return new Response(null, { status: 303, headers: { location: '/admin/customers/', 'cache-control': 'no-store' } });
  await endAtApi(session.tokens.accessToken);
  await clearAssistedSession();
  return new Response(null, { status: 303, headers: { location: session.assisted.returnTo, 'cache-control': 'no-store' } });
}
