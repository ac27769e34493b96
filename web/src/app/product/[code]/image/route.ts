import { send } from '@/lib/api/transport';
import { PRODUCT_CODE_PATTERN } from '@/lib/limits';

/**
 * Product images are served by the API; the storefront passes them through on its own origin, so the page's
 * CSP needs no other image origin and the API need not be reachable from the browser.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ code: string }> }): Promise<Response> {
  const { code } = await params;
  if (!PRODUCT_CODE_PATTERN.test(code)) return new Response('Not found', { status: 404 });
  const upstream = await send(`/images/products/${encodeURIComponent(code)}.svg`, { timeoutMs: 10_000, headers: { accept: 'image/svg+xml' } });
  if (!(upstream instanceof Response)) return new Response('Image unavailable', { status: 502 });
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
