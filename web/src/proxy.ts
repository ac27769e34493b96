import { NextResponse, type NextRequest } from 'next/server';
import { SESSION_COOKIE, sealSession, sessionCookieAttributes, unsealSession } from './lib/session/cookie';
import { refreshTokens, rememberedRefresh } from './lib/session/refresh';
import { HTTPS_HEADER, PATH_HEADER } from './lib/session/request-context';
import { accessFor, guard } from './lib/session/route-access';
import { isShopReady, needsRefresh, withAutomaticAccount, type SessionData } from './lib/session/session-data';
import { contentSecurityPolicy, requestOrigin, SAFE_METHODS } from './lib/security';

/**
 * Runs before every page, action and route handler: refuses cross-site state changes, sets the per-request CSP
 * nonce, and keeps the session's tokens fresh (a page render cannot write cookies, so refreshing happens here).
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const https = request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  if (!SAFE_METHODS.has(request.method)) {
    const origin = request.headers.get('origin');
    if (!origin || origin === 'null' || origin !== requestOrigin(request, https)) {
      return new NextResponse('Forbidden: cross-site request', { status: 403, headers: { 'content-type': 'text/plain' } });
    }
  }

  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === 'development');
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', csp);
  requestHeaders.set(PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  requestHeaders.set(HTTPS_HEADER, https ? '1' : '0');

  const { session, renewed } = await renewSession(request);
  const isPage = request.method === 'GET' && !request.nextUrl.pathname.startsWith('/api/');
  const next = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  if (renewed === 'expired' && isPage) {
    return NextResponse.redirect(new URL(`/api/session/expired/?next=${encodeURIComponent(next)}`, request.url), 303);
  }
  let sealed: string | undefined;
  if (renewed === 'refreshed') {
    sealed = await sealSession(session);
    request.cookies.set(SESSION_COOKIE, sealed);
    requestHeaders.set('cookie', request.cookies.toString());
  }
  const withSession = (response: NextResponse) => {
    if (sealed !== undefined) response.cookies.set(SESSION_COOKIE, sealed, sessionCookieAttributes(https));
    return response;
  };
  if (isPage && !request.headers.has('next-action')) {
    const state = { signedIn: Boolean(session.user && session.tokens), ready: Boolean(session.tokens) && isShopReady(withAutomaticAccount(session)) };
    const decision = guard(accessFor(request.nextUrl.pathname), state, next);
    if (decision) return withSession(NextResponse.redirect(new URL(decision.redirect, request.url), 307));
  }

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', csp);
  if (https) response.headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  return withSession(response);
}

/** The session, with refreshed tokens when they were due; 'expired' when they could not be refreshed. */
async function renewSession(request: NextRequest): Promise<{ session: SessionData; renewed: 'unchanged' | 'refreshed' | 'expired' }> {
  const session = await unsealSession(request.cookies.get(SESSION_COOKIE)?.value);
  const tokens = session.tokens;
  if (!tokens) return { session, renewed: 'unchanged' };
  const remembered = rememberedRefresh(tokens.refreshToken);
  if (remembered) return { session: { ...session, tokens: remembered }, renewed: 'refreshed' };
  if (!needsRefresh(tokens)) return { session, renewed: 'unchanged' };
  const refreshed = await refreshTokens(tokens.refreshToken);
  return refreshed.ok ? { session: { ...session, tokens: refreshed.tokens }, renewed: 'refreshed' } : { session: {}, renewed: 'expired' };
}

export const config = {
  matcher: [
    {
      source: '/((?!_next/static|_next/image|favicon.ico|icon.svg|robots.txt).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
