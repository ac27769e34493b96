import { NextResponse, type NextRequest } from 'next/server';
import { SESSION_COOKIE, sealSession, sessionCookieAttributes, unsealSession } from './lib/session/cookie';
import { refreshTokens, rememberedRefresh } from './lib/session/refresh';
import { HTTPS_HEADER, PATH_HEADER } from './lib/session/request-context';
import { needsRefresh, type SessionData } from './lib/session/session-data';
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

  const renewed = await renewSession(request);
  if (renewed === 'expired' && request.method === 'GET' && !request.nextUrl.pathname.startsWith('/api/')) {
    const next = `${request.nextUrl.pathname}${request.nextUrl.search}`;
    return NextResponse.redirect(new URL(`/api/session/expired/?next=${encodeURIComponent(next)}`, request.url), 303);
  }
  let sealed: string | undefined;
  if (renewed !== 'unchanged' && renewed !== 'expired') {
    sealed = await sealSession(renewed);
    request.cookies.set(SESSION_COOKIE, sealed);
    requestHeaders.set('cookie', request.cookies.toString());
  }

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', csp);
  if (https) response.headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  if (sealed !== undefined) response.cookies.set(SESSION_COOKIE, sealed, sessionCookieAttributes(https));
  return response;
}

/** New session content when the tokens were refreshed, 'expired' when they could not be. */
async function renewSession(request: NextRequest): Promise<SessionData | 'unchanged' | 'expired'> {
  const value = request.cookies.get(SESSION_COOKIE)?.value;
  if (!value) return 'unchanged';
  const session = await unsealSession(value);
  const tokens = session.tokens;
  if (!tokens) return 'unchanged';
  const remembered = rememberedRefresh(tokens.refreshToken);
  if (remembered) return { ...session, tokens: remembered };
  if (!needsRefresh(tokens)) return 'unchanged';
  const refreshed = await refreshTokens(tokens.refreshToken);
  return refreshed.ok ? { ...session, tokens: refreshed.tokens } : 'expired';
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
