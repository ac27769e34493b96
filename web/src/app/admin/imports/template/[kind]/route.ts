import { sendAsOperator } from '@/lib/admin/admin-client';
import { adminLoginAddress, readAdminSession } from '@/lib/admin/admin-session';
import { IMPORT_KINDS } from '@/lib/admin/imports';

/** The template CSV of an import kind (header row and an example row), downloaded from the API. */
export async function GET(_request: Request, { params }: { params: Promise<{ kind: string }> }): Promise<Response> {
  const { kind } = await params;
  const session = await readAdminSession();
  if (!session) return new Response(null, { status: 303, headers: { location: adminLoginAddress('/admin/imports/') } });
  if (!(IMPORT_KINDS as readonly string[]).includes(kind)) return new Response('Unknown import kind', { status: 404 });
  const response = await sendAsOperator(session, `/imports/${kind}/template.csv`, { timeoutMs: 10_000, accept: 'text/csv' });
  if (!(response instanceof Response)) return new Response('Temporary network error: please try again', { status: 503 });
  if (!response.ok) return new Response('The template could not be loaded', { status: response.status === 401 ? 401 : 502 });
  const text = await response.text().catch(() => undefined);
  if (text === undefined) return new Response('Temporary network error: please try again', { status: 503 });
  return new Response(text, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${kind}-template.csv"`, 'cache-control': 'no-store' },
  });
}
