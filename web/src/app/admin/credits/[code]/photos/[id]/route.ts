import { sendAsOperator } from '@/lib/admin/admin-client';
import { adminLoginAddress, readAdminSession } from '@/lib/admin/admin-session';

const CODE = /^[A-Za-z0-9-]{1,32}$/;
const ID = /^[1-9][0-9]{0,9}$/;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * A check-in photo of a credit request, for operators: fetched with the operator's token on the server (the
 * browser never holds it) and passed through on the back office's own origin.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ code: string; id: string }> }): Promise<Response> {
  const { code, id } = await params;
  const session = await readAdminSession();
  if (!session) return new Response(null, { status: 303, headers: { location: adminLoginAddress(`/admin/credits/${encodeURIComponent(code)}/`) } });
  if (!CODE.test(code) || !ID.test(id)) return new Response('Not found', { status: 404 });
  const upstream = await sendAsOperator(session, `/creditrequests/${encodeURIComponent(code)}/photos/${id}`, { timeoutMs: 10_000, accept: 'image/*' });
  if (!(upstream instanceof Response)) return new Response('Temporary network error: please try again', { status: 503 });
  if (!upstream.ok || !upstream.body) return new Response('Not found', { status: upstream.status === 404 ? 404 : 502 });
  const type = upstream.headers.get('content-type') ?? '';
  if (!IMAGE_TYPES.has(type)) return new Response('Not an image', { status: 502 });
  return new Response(upstream.body, {
    status: 200,
    headers: {
      'content-type': type,
      'cache-control': 'private, no-store',
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
    },
  });
}
