import { isIsoDate, downloadStatement, SOLD_TO_CODE } from '@/lib/commerce/invoices';
import type { StatementProblem } from '@/components/invoices/invoice-text';

/** Back to the invoices page with the reason, shown above the statement form. */
const backWith = (problem: StatementProblem): Response =>
  new Response(null, { status: 303, headers: { location: `/account/invoices/?statement=${problem}#statement-title`, 'cache-control': 'no-store' } });

/**
 * The statement CSV for a company and date range (docs/after-delivery.md "Invoices in the shop"): the storefront
 * asks the API with the user's token and passes the file on, so the browser never holds a token. A range the
 * API refuses comes back to the page with the reason in words.
 */
export async function GET(request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const soldTo = query.get('soldTo') || undefined;
  const from = query.get('from') ?? undefined;
  const to = query.get('to') ?? undefined;
  if (soldTo !== undefined && !SOLD_TO_CODE.test(soldTo)) return backWith('soldTo');
  if (!isIsoDate(from) || !isIsoDate(to) || from > to) return backWith('dates');
  const download = await downloadStatement({ soldTo, from, to });
  if (!download.ok) {
    const { status, subject } = download.error;
    if (status === 400 && subject === 'soldTo') return backWith('soldTo');
    if (status === 404) return backWith('soldTo');
    if (status === 400) return backWith('tooLong');
    return backWith('failed');
  }
  const upstream = download.response;
  const fallbackName = `statement-${soldTo ?? 'account'}-${from}-${to}.csv`;
  return new Response(upstream.body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': upstream.headers.get('content-disposition') ?? `attachment; filename="${fallbackName}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
