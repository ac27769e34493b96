import type { NextRequest } from 'next/server';

/** Request methods that change nothing; every other one must come from our own origin. */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin the browser addressed (behind a proxy: the forwarded host), to compare with the Origin header. */
export function requestOrigin(request: NextRequest, https: boolean): string {
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? request.nextUrl.host;
  return `${https ? 'https' : 'http'}://${host}`;
}

/**
 * Scripts only with this request's nonce ('strict-dynamic' lets Next's own chunks load). Styles allow inline
 * because the dropdown library writes its styles at run time; styles cannot run code.
 */
export function contentSecurityPolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The service worker (/serwist/sw.js) and the web app manifest: 'strict-dynamic' above does not cover them.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
