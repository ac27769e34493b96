import { NextResponse, type NextRequest } from 'next/server';
import { readAdminSession } from '@/lib/admin/admin-session';
import { IMPORT_KINDS, MAX_IMPORT_BYTES, sendImport } from '@/lib/admin/imports';
import { requestOrigin } from '@/lib/security';

const refuse = (status: number, message: string) => NextResponse.json({ error: message }, { status, headers: { 'cache-control': 'no-store' } });

/**
 * Receives an import file from the imports page and passes it to the API with the operator's token. It sits
 * outside the proxy (which would buffer and cut bodies over 10 MB), so it checks the Origin itself.
 */
export async function POST(request: NextRequest): Promise<Response> {
  const https = request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  if (request.headers.get('origin') !== requestOrigin(request, https)) return refuse(403, 'Forbidden: cross-site request');
  const session = await readAdminSession();
  if (!session) return refuse(401, 'Your session has expired: sign in again');
  const kind = request.nextUrl.searchParams.get('kind') ?? '';
  if (!(IMPORT_KINDS as readonly string[]).includes(kind)) return refuse(400, `Choose what the file holds: ${IMPORT_KINDS.join(', ')}`);
  const fileName = (request.nextUrl.searchParams.get('fileName') ?? 'upload').slice(0, 200);
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_IMPORT_BYTES) return refuse(413, `An import file may be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB: split it into smaller files`);
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_IMPORT_BYTES) return refuse(413, `An import file may be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB: split it into smaller files`);
  const outcome = await sendImport(session, kind, bytes, fileName, request.nextUrl.searchParams.get('dryRun') === 'true');
  return outcome.ok ? NextResponse.json({ report: outcome.report }, { headers: { 'cache-control': 'no-store' } }) : refuse(outcome.status, outcome.message);
}
