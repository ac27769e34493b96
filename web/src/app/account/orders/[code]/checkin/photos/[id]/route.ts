import { checkinPhoto, deleteCheckinPhoto } from '@/lib/commerce/checkin';

const ORDER_CODE = /^[A-Za-z0-9-]{1,32}$/;

/**
 * A check-in photo, passed through from the API on the storefront's own origin: only users of the order's
 * ship-to get it (the API answers anyone else 404), and it is never cached by a shared cache.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ code: string; id: string }> }): Promise<Response> {
  const { code, id } = await params;
  if (!ORDER_CODE.test(code) || !/^\d{1,10}$/.test(id)) return new Response('Not found', { status: 404 });
  const photo = await checkinPhoto(code, Number(id));
  if (!photo.ok) return new Response(photo.error.status === 404 ? 'Not found' : 'Photo unavailable', { status: photo.error.status === 404 ? 404 : 502 });
  return new Response(photo.response.body, {
    status: 200,
    headers: {
      'content-type': 'image/jpeg',
      'cache-control': 'private, max-age=3600',
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
    },
  });
}

/** Removes a photo from the check-in page (the proxy has checked the Origin); the API decides whether it still may. */
export async function DELETE(_request: Request, { params }: { params: Promise<{ code: string; id: string }> }): Promise<Response> {
  const { code, id } = await params;
  const headers = { 'cache-control': 'no-store' };
  if (!ORDER_CODE.test(code) || !/^\d{1,10}$/.test(id)) return Response.json({ error: 'Photo not found' }, { status: 404, headers });
  const result = await deleteCheckinPhoto(code, Number(id));
  if (result.ok) return new Response(null, { status: 204, headers });
  return Response.json({ error: result.error.description || result.error.title }, { status: result.error.status || 503, headers });
}
