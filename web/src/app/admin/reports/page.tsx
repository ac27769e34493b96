import type { Metadata } from 'next';
import { AdminLoadFailed } from '@/components/admin/admin-parts';
import { SalesCharts } from '@/components/reports/sales-charts';
import { adminCall } from '@/lib/admin/admin-client';
import { requireOperator } from '@/lib/admin/admin-session';
import { SERVICE_ROLES } from '@/lib/admin/admin-session-data';
import { isReportDay, longDayLabel, salesReportSchema } from '@/lib/admin/sales-report-schemas';
import styles from '@/components/reports/reports.module.css';

export const metadata: Metadata = { title: 'Sales reports' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const day = (value: string | string[] | undefined): string | undefined => (typeof value === 'string' && isReportDay(value) ? value : undefined);

/**
 * The operators' sales (docs/reports.md "Operators' reports"): every customer's orders by delivery date, range
 * and category, the top and lapsed customers and the fill rate, for the days chosen (the 28 to today unless asked).
 */
export default async function SalesReportsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireOperator(SERVICE_ROLES);
  const params = await searchParams;
  const period = { from: day(params.from), to: day(params.to) };
  const result = await adminCall(salesReportSchema, '/reports/sales', { query: period });
  return (
    <div className="admin-page">
      <h1>Sales reports</h1>
      <form className={styles.period} method="get" action="/admin/reports/" aria-label="Report period">
        <label>
          From
          <input type="date" name="from" defaultValue={result.ok ? result.data.from : period.from} />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={result.ok ? result.data.to : period.to} />
        </label>
        <button type="submit" className="button button-primary">
          Show
        </button>
      </form>
      {!result.ok ? (
        <AdminLoadFailed error={result.error} />
      ) : (
        <>
          <p className={styles.total}>
            Sales {longDayLabel(result.data.from)} to {longDayLabel(result.data.to)}: {result.data.total.formattedValue}
          </p>
          <p>
            Net of VAT, by delivery date, {result.data.orders.toLocaleString('en-GB')} {result.data.orders === 1 ? 'order' : 'orders'}: placed and on their way or delivered. Held, cancelled and rejected orders do not count.
          </p>
          <SalesCharts report={result.data} />
        </>
      )}
    </div>
  );
}
