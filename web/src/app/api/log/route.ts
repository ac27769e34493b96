import { z } from 'zod';
import { API_BASE_PATH } from '@/lib/api/client';
import { send } from '@/lib/api/transport';
import { readSessionData } from '@/lib/session/session';

/** What the page may say about an error; who it happened to comes from the session, never from the page. */
const pageReport = z.object({
  kind: z.enum(['toast', 'crash']),
  title: z.string().min(1).max(300),
  description: z.string().max(4000).optional(),
  url: z.string().max(2048).optional(),
});

const MAX_BODY = 8 * 1024;

/**
 * Forwards a shown error toast or a render crash to the API's /logging (docs/storefront-requirements.md §7 fields). The proxy has already
 * refused cross-site posts.
 */
export async function POST(request: Request): Promise<Response> {
  const text = await request.text();
  if (text.length > MAX_BODY) return new Response(null, { status: 413 });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return Response.json({ error: 'invalid body' }, { status: 400 });
  }
  const parsed = pageReport.safeParse(json);
  if (!parsed.success) return Response.json({ error: 'invalid body' }, { status: 400 });
  const session = await readSessionData();
  const report = {
    messageType: parsed.data.kind === 'crash' ? 'ERROR' : 'TOAST',
    message: parsed.data.title,
    description: parsed.data.description,
    url: parsed.data.url,
    site: 'b2b',
    issueType: parsed.data.kind === 'crash' ? 'RenderCrash' : 'ErrorToast',
    userName: session.user?.username,
    customerId: session.user?.customerId,
    projectId: 'storefront',
  };
  // The client's address as server.mjs established it (one address, never the browser's own claim), so the
  // API's per-address limit on reports counts each visitor.
  const forwardedFor = request.headers.get('x-forwarded-for');
  const response = await send(`${API_BASE_PATH}/logging`, {
    method: 'POST',
    body: report,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : undefined,
    timeoutMs: 5_000,
  });
  return new Response(null, { status: response instanceof Response && response.ok ? 204 : 502 });
}
