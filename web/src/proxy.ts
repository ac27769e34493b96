import { NextResponse, type NextRequest } from 'next/server';
import { ADMIN_COOKIE } from './lib/admin/admin-cookie';
import { adminPageRedirect, isAdminPath } from './lib/admin/admin-access';
import { decodedRouteParam } from './lib/commerce/route-param';
import { FLASH_COOKIE } from './components/shell/flash';
import { isOfflinePage, KEEP_HEADER, NO_SCOPE, SCOPE_HEADER } from './lib/offline/offline-pages';
import { offlineScope } from './lib/offline/offline-scope';
import { UNSUBSCRIBE_TOKEN } from './lib/commerce/unsubscribe-token';
import { ASSIST_COOKIE, assistCookieAttributes, assistedExpired, isAssisted, sealAssisted, unsealAssisted } from './lib/session/assisted-cookie';
import { SESSION_COOKIE, sealSession, sessionCookieAttributes, unsealSession } from './lib/session/cookie';
import { assistedEndedAddress, sessionExpiredAddress } from './lib/session/expiry-proof';
import { currentUserAnswer } from './lib/session/current-user';
import { refreshTokens, rememberedRefresh } from './lib/session/refresh';
import { HTTPS_HEADER, PATH_HEADER } from './lib/session/request-context';
import { accessFor, guard } from './lib/session/route-access';
import { isShopReady, limitedToShipTo, needsRefresh, outOfReachWhileActing, withAutomaticAccount, withCurrentUser, type SessionData } from './lib/session/session-data';
import { contentSecurityPolicy, requestOrigin, SAFE_METHODS } from './lib/security';
import { pageTrace, REQUEST_ID_HEADER, TRACEPARENT_HEADER } from './lib/tracing/trace-context';

/** No route answers this address, so Next renders app/not-found.tsx for it, with status 404. */
const MALFORMED_ADDRESS = '/address-not-found/';
/** What a page out of an acting operator's reach shows instead (app/not-while-acting/page.tsx). */
const NOT_WHILE_ACTING = '/not-while-acting/';

/**
 * Runs before every request: refuses cross-site state changes, sets the per-request CSP nonce, and keeps the
 * session's tokens fresh (a page render cannot write cookies, so refreshing happens here). The forwarded host and
 * scheme it compares Origin with come from trusted proxies only (server.mjs).
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const https = request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  const oneClick = oneClickUnsubscribe(request);
  if (oneClick) return oneClick;
  // Every state-changing request, whatever else it carries: a prefetch header is the client's word, not a fact.
  if (!SAFE_METHODS.has(request.method)) {
    const origin = request.headers.get('origin');
    if (!origin || origin === 'null' || origin !== requestOrigin(request, https)) {
      return new NextResponse('Forbidden: cross-site request', { status: 403, headers: { 'content-type': 'text/plain' } });
    }
  }
  // A router prefetch or a static file only reads: no nonce (nothing it returns runs as a page), no token refresh.
  if (SAFE_METHODS.has(request.method) && (isPrefetch(request) || isStaticFile(request.nextUrl.pathname))) return NextResponse.next();

  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === 'development');
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', csp);
  requestHeaders.set(PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  requestHeaders.set(HTTPS_HEADER, https ? '1' : '0');
  // The page's trace (the caller's, or a new one) and request id, which its API calls carry (lib/api/transport.ts).
  const trace = pageTrace({ traceparent: request.headers.get(TRACEPARENT_HEADER), requestId: request.headers.get(REQUEST_ID_HEADER) });
  requestHeaders.set(TRACEPARENT_HEADER, trace.traceparent);
  requestHeaders.set(REQUEST_ID_HEADER, trace.requestId);

  const renewal = await renewSession(request);
  const { renewed } = renewal;
  let { session } = renewal;
  const isPage = request.method === 'GET' && !request.nextUrl.pathname.startsWith('/api/');
  const next = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  if (renewed === 'expired' && isPage && !isAdminPath(request.nextUrl.pathname)) {
    return NextResponse.redirect(new URL(sessionExpiredAddress(next, request.cookies.get(SESSION_COOKIE)?.value), request.url), 303);
  }
  const current = isPage && !request.headers.has('next-action') && !isAdminPath(request.nextUrl.pathname) ? await currentUserChange(session) : undefined;
  if ((renewed === 'actingEnded' || current === 'actingEnded') && isPage && !isAdminPath(request.nextUrl.pathname)) {
    return NextResponse.redirect(new URL(assistedEndedAddress(request.cookies.get(ASSIST_COOKIE)?.value), request.url), 303);
  }
  if (current && current !== 'actingEnded') session = current;
  let sealed: { name: string; value: string } | undefined;
  if (renewed === 'refreshed' || (current && current !== 'actingEnded')) {
    // An acting session lives in its own cookie (assisted-cookie.ts) and is written back there.
    sealed = isAssisted(session) ? { name: ASSIST_COOKIE, value: await sealAssisted(session) } : { name: SESSION_COOKIE, value: await sealSession(session) };
    request.cookies.set(sealed.name, sealed.value);
    requestHeaders.set('cookie', request.cookies.toString());
  }
  const withSession = (response: NextResponse) => {
    if (sealed !== undefined) {
      response.cookies.set(sealed.name, sealed.value, isAssisted(session) ? assistCookieAttributes(https, session.tokens.expiresAt) : sessionCookieAttributes(https));
    }
    return response;
  };
  // The header (menus, accounts) is drawn by the root layout, which a navigation inside the shop does not draw
  // again: answering it with no page makes the browser load the whole page, header included. Next takes the RSC
  // headers off before the proxy sees them, so such a navigation is told by the browser's fetch metadata: the
  // page's own script asking, not the browser loading a document.
  if (current && request.headers.get('sec-fetch-dest') === 'empty' && request.headers.get('sec-fetch-mode') !== 'navigate') {
    return withSession(new NextResponse(null, { status: 204 }));
  }
  if (isPage && !request.headers.has('next-action')) {
    const state = { signedIn: Boolean(session.user && session.tokens), ready: Boolean(session.tokens) && isShopReady(withAutomaticAccount(session)) };
    const decision = guard(accessFor(request.nextUrl.pathname), state, next);
    if (decision) return withSession(NextResponse.redirect(new URL(decision.redirect, request.url), 307));
    const toAdminLogin = await adminPageRedirect(request.nextUrl.pathname, request.nextUrl.search, request.cookies.get(ADMIN_COOKIE)?.value);
    if (toAdminLogin) return withSession(NextResponse.redirect(new URL(toAdminLogin, request.url), 307));
  }

  // Next cannot decode a hand-edited escape like /category/%E0%A4%A/ into route params and answers a bare 500;
  // such an address names nothing, so it gets the shop's 404 page instead. A page an acting operator cannot use
  // (its calls are refused anyway) says so, whatever its server actions would try.
  const instead = decodedRouteParam(request.nextUrl.pathname) === undefined ? MALFORMED_ADDRESS : session.assisted && outOfReachWhileActing(request.nextUrl.pathname) ? NOT_WHILE_ACTING : undefined;
  const response = instead
    ? NextResponse.rewrite(new URL(instead, request.url), { request: { headers: requestHeaders } })
    : NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', csp);
  if (https) response.headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  if (isPage && !request.headers.has('next-action') && !isAdminPath(request.nextUrl.pathname)) await markForOffline(request, session, response);
  return withSession(response);
}

/**
 * Tells the service worker whose page this is and whether to keep it for offline use (docs/phone.md,
 * "Installable and offline"). A page served to nobody signed in makes it drop every kept page; so does the
 * sign-in page after a sign-out or an expired session, which also asks the browser itself to clear what the site
 * stored (Clear-Site-Data: the service worker's caches, the offline queue, the HTTP cache).
 */
async function markForOffline(request: NextRequest, session: SessionData, response: NextResponse): Promise<void> {
  const signedIn = Boolean(session.user && session.tokens);
  const scope = signedIn ? await offlineScope(session) : null;
  if (scope) response.headers.set(SCOPE_HEADER, scope);
  // Nothing of a customer an operator acts for is kept on the operator's machine: as for nobody signed in.
  else if (!signedIn || session.assisted) response.headers.set(SCOPE_HEADER, NO_SCOPE);
  if (scope && isOfflinePage(request.nextUrl.pathname)) response.headers.set(KEEP_HEADER, '1');
  const flash = request.cookies.get(FLASH_COOKIE)?.value;
  if (!signedIn && /^\/login\/?$/.test(request.nextUrl.pathname) && (flash === 'logged-out' || flash === 'session-expired') && !request.headers.has('rsc')) {
    response.headers.set('Clear-Site-Data', '"cache", "storage"');
  }
}

/**
 * Before each page the user is read again (docs/people.md, "Roles"): the session keeps the user's accounts and
 * roles only to draw the page, and a company admin may have changed them since the last one. Undefined when
 * nothing changed, or when the API cannot say (the page then answers for itself). An acting session keeps to
 * its one ship-to, and one the API no longer takes has ended (docs/assisted-service.md).
 */
async function currentUserChange(session: SessionData): Promise<SessionData | 'actingEnded' | undefined> {
  if (!session.tokens || !session.user) return undefined;
  const answer = await currentUserAnswer(session.tokens, 3_000);
  if (session.assisted) {
    if (answer === 'invalidToken') return 'actingEnded';
    return answer ? withCurrentUser(session, limitedToShipTo(answer, session.assisted.shipTo)) : undefined;
  }
  return answer && answer !== 'invalidToken' ? withCurrentUser(session, answer) : undefined;
}

/**
 * The session, with refreshed tokens when they were due; 'expired' when the API refused to refresh them. An
 * operator acting for a customer is read from the acting cookie, whose token is never refreshed: past its
 * expiry the acting has ended.
 */
async function renewSession(request: NextRequest): Promise<{ session: SessionData; renewed: 'unchanged' | 'refreshed' | 'expired' | 'actingEnded' }> {
  const acting = await unsealAssisted(request.cookies.get(ASSIST_COOKIE)?.value);
  if (acting) return { session: acting, renewed: assistedExpired(acting) ? 'actingEnded' : 'unchanged' };
  const session = await unsealSession(request.cookies.get(SESSION_COOKIE)?.value);
  const tokens = session.tokens;
  if (!tokens) return { session, renewed: 'unchanged' };
  const remembered = rememberedRefresh(tokens.refreshToken);
  if (remembered) return { session: { ...session, tokens: remembered }, renewed: 'refreshed' };
  if (!needsRefresh(tokens)) return { session, renewed: 'unchanged' };
  const refreshed = await refreshTokens(tokens.refreshToken);
  if (refreshed.ok) return { session: { ...session, tokens: refreshed.tokens }, renewed: 'refreshed' };
  // An API outage is not the end of the session: the page shows the outage and the next request tries again.
  return refreshed.outage ? { session, renewed: 'unchanged' } : { session: {}, renewed: 'expired' };
}

/**
 * RFC 8058 one-click unsubscribe: a mail provider POSTs `List-Unsubscribe=One-Click` to the link in a mail's
 * List-Unsubscribe header from its own servers, with no Origin of ours and no cookies. The token in the address
 * is the only authority and nothing of a session is used, so the cross-site check does not apply; the POST goes
 * to the one-click route handler (the page at that address answers GET). The rewritten request passes through
 * here once more, under its new address (with another Host), and is let through as well. A Server Action of
 * the page carries Next-Action and is checked as usual.
 */
// Next hands the proxy the path without its trailing slash (next.config.ts trailingSlash).
const ONE_CLICK_PATH = /^(\/api)?\/unsubscribe\/([^/]+)\/?$/;

function oneClickUnsubscribe(request: NextRequest): NextResponse | undefined {
  if (request.method !== 'POST' || request.headers.has('next-action')) return undefined;
  const [, handler, token] = ONE_CLICK_PATH.exec(request.nextUrl.pathname) ?? [];
  if (token === undefined || !UNSUBSCRIBE_TOKEN.test(token)) return undefined;
  return handler ? NextResponse.next() : NextResponse.rewrite(new URL(`/api/unsubscribe/${token}/`, request.url));
}

function isPrefetch(request: NextRequest): boolean {
  return request.headers.has('next-router-prefetch') || request.headers.get('purpose') === 'prefetch';
}

const STATIC_FILES = new Set(['/favicon.ico', '/icon.svg', '/robots.txt', '/manifest.webmanifest', '/serwist/sw.js']);

function isStaticFile(pathname: string): boolean {
  return pathname.startsWith('/_next/static/') || pathname.startsWith('/_next/image') || pathname.startsWith('/icons/') || STATIC_FILES.has(pathname);
}

// The proxy sees every request, static files too (Next answers a cross-site POST carrying a Next-Action header
// with a 500 wherever it lands, so the Origin check must come first everywhere), except the import upload: the
// proxy would buffer its body and cut it at 10 MB, so that route checks its own Origin.
export const config = { matcher: ['/((?!admin/imports/upload).*)'] };
