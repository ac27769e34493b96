import { sendAsOperator } from '@/lib/admin/admin-client';
import { adminLoginAddress, readAdminSession } from '@/lib/admin/admin-session';
import { isReportDay, SALES_TABLES, type SalesTable } from '@/lib/admin/sales-report-schemas';

const isTable = (value: string | null): value is SalesTable => (SALES_TABLES as readonly (string | null)[]).includes(value);

/** Back to the report when the address or the API refuses: the page says why in words. */
const backToReport = (): Response => new Response(null, { status: 303, headers: { location: '/admin/reports/', 'cache-control': 'no-store' } });

/**
 * One table of the operators' sales report as CSV (docs/reports.md): asked of the API with the operator's token,
 * which never leaves the server, and passed on.
 */
export async function GET(request: Request): Promise<Response> {
  const session = await readAdminSession();
  if (!session) return new Response(null, { status: 303, headers: { location: adminLoginAddress('/admin/reports/') } });
  const query = new URL(request.url).searchParams;
  const table = query.get('table');
  const from = query.get('from') ?? undefined;
  const to = query.get('to') ?? undefined;
  if (!isTable(table) || (from !== undefined && !isReportDay(from)) || (to !== undefined && !isReportDay(to))) return backToReport();
  const response = await sendAsOperator(session, '/reports/sales.csv', { query: { table, from, to }, accept: 'text/csv', timeoutMs: 10_000 });
  if (!(response instanceof Response) || !response.ok) return backToReport();
  return new Response(response.body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': response.headers.get('content-disposition') ?? `attachment; filename="sales-${table}.csv"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
