import { getConfig } from '@/lib/config';

const CODE = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * Product images are served by the API; the storefront passes them through on its own origin, so the page's
 * CSP needs no other image origin and the API need not be reachable from the browser.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ code: string }> }): Promise<Response> {
  const { code } = await params;
  if (!CODE.test(code)) return new Response('Not found', { status: 404 });
  let upstream: Response;
  try {
    upstream = await fetch(`${getConfig().apiUrl}/images/products/${encodeURIComponent(code)}.svg`, {
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return new Response('Image unavailable', { status: 502 });
  }
  if (!upstream.ok || !upstream.body) return new Response('Not found', { status: upstream.status === 404 ? 404 : 502 });
  return new Response(upstream.body, {
    status: 200,
    headers: {
      'content-type': upstream.headers.get('content-type') ?? 'image/svg+xml',
      'cache-control': upstream.headers.get('cache-control') ?? 'public, max-age=86400',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'x-content-type-options': 'nosniff',
    },
  });
}
