import type { NextRequest } from 'next/server';
import { errorText } from '@/lib/commerce/error-text';
import { unsubscribeWith } from '@/lib/commerce/notifications';
import { ONE_CLICK_FIELD, ONE_CLICK_VALUE, UNSUBSCRIBE_TOKEN } from '@/lib/commerce/unsubscribe-token';

const text = (body: string, status: number, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers } });

/**
 * RFC 8058 one-click unsubscribe: the proxy sends here every POST to /unsubscribe/<token>/ that is not a
 * Server Action. The body must be `List-Unsubscribe=One-Click` (form-encoded or multipart). A mail provider
 * gets a plain answer; a browser (the page's form without script) is sent back to the page, which says what
 * happened. See docs/people.md#notifications.
 */
export async function POST(request: NextRequest, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  if (!UNSUBSCRIBE_TOKEN.test(token)) return text('Unknown unsubscribe link', 404);
  const form = await request.formData().catch(() => undefined);
  if (form?.get(ONE_CLICK_FIELD) !== ONE_CLICK_VALUE) return text(`Expected ${ONE_CLICK_FIELD}=${ONE_CLICK_VALUE}`, 400);
  const result = await unsubscribeWith(token);
  const browser = request.headers.get('sec-fetch-mode') === 'navigate';
  // Relative, so it holds behind any proxy; the page words the outcome itself (nothing from here is shown).
  const backToPage = (outcome: string) => new Response(null, { status: 303, headers: { location: `/unsubscribe/${token}/?${outcome}`, 'cache-control': 'no-store' } });
  if (result.ok) return browser ? backToPage(`unsubscribed=${result.data.kind}`) : text('Unsubscribed', 200);
  if (result.error.type === 'FailedToFetch') return text(result.error.description, 503, { 'retry-after': '60' });
  return browser ? backToPage('failed=1') : text(errorText(result.error), 400);
}
