import 'server-only';
import type { AppError } from '@/lib/errors/app-error';

/** A short plain-text answer of a download route: what was not found, or the outage (with when to try again). */
export const plainTextAnswer = (body: string, status: number): Response =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...(status === 503 ? { 'retry-after': '5' } : {}) } });

/**
 * A PDF the API sent, passed through to the browser with the user's token kept on the server: a 404 or 400 of the
 * API is `notFound` here (another company's document is "not found" as everywhere), any other failure a 503.
 */
export function pdfAnswer(
  download: { ok: true; response: Response } | { ok: false; error: AppError },
  { notFound, disposition }: { notFound: string; disposition: string },
): Response {
  if (!download.ok) {
    if (download.error.status === 404 || download.error.status === 400) return plainTextAnswer(notFound, 404);
    return plainTextAnswer(`${download.error.title}. ${download.error.description}\n`, 503);
  }
  return new Response(download.response.body, {
    headers: { 'content-type': 'application/pdf', 'content-disposition': disposition, 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' },
  });
}
