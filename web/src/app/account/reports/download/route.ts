import { downloadSpendTable, isIsoMonth, SPEND_TABLES, type SpendTable } from '@/lib/commerce/reports';

const isTable = (value: string | null): value is SpendTable => (SPEND_TABLES as readonly (string | null)[]).includes(value);

/** Back to the report when the address or the API refuses: the page says why in words. */
const backToReport = (): Response => new Response(null, { status: 303, headers: { location: '/account/reports/', 'cache-control': 'no-store' } });

/**
 * One table of the spend report as CSV (docs/reports.md): the storefront asks the API with the user's token and
 * passes the file on, so the browser never holds a token.
 */
export async function GET(request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const table = query.get('table');
  const from = query.get('from') ?? undefined;
  const to = query.get('to') ?? undefined;
  if (!isTable(table) || (from !== undefined && !isIsoMonth(from)) || (to !== undefined && !isIsoMonth(to))) return backToReport();
  const download = await downloadSpendTable(table, { from, to });
  if (!download.ok) return backToReport();
  return new Response(download.response.body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': download.response.headers.get('content-disposition') ?? `attachment; filename="spend-${table}.csv"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
