import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { SpendCharts } from '@/components/reports/spend-charts';
import { getSpendReport, isIsoMonth, monthLabel, type SpendPeriod } from '@/lib/commerce/reports';
import { requireUser } from '@/lib/session/session';
import pageStyles from '@/components/catalogue/page.module.css';
import styles from '@/components/reports/reports.module.css';

export const metadata: Metadata = { title: 'Spend report' };

type SearchParams = Record<string, string | string[] | undefined>;

const month = (value: string | string[] | undefined): string | undefined => (typeof value === 'string' && isIsoMonth(value) ? value : undefined);

/**
 * Head office's spend (docs/reports.md): its sites' orders' net value by month, site and category, against each
 * site's limits, for the months chosen (this month and the five before unless asked).
 */
export default async function ReportsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireUser();
  const params = await searchParams;
  const period: SpendPeriod = { from: month(params.from), to: month(params.to) };
  const result = await getSpendReport(period);
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'User details', href: '/account/' }, { name: 'Spend report' }]} />
      <h1 className={pageStyles.title}>Spend report</h1>
      <form className={styles.period} method="get" action="/account/reports/" aria-label="Report period">
        <label>
          From month
          <input type="month" name="from" defaultValue={result.ok ? result.data.from : period.from} pattern="\d{4}-\d{2}" placeholder="YYYY-MM" />
        </label>
        <label>
          To month
          <input type="month" name="to" defaultValue={result.ok ? result.data.to : period.to} pattern="\d{4}-\d{2}" placeholder="YYYY-MM" />
        </label>
        <button type="submit" className="button button-primary">
          Show
        </button>
      </form>
      {!result.ok ? (
        <LoadFailed error={result.error} />
      ) : (
        <>
          <p className={styles.total}>
            Spend {monthLabel(result.data.from)} to {monthLabel(result.data.to)}: {result.data.total.formattedValue}
          </p>
          <p>Net of VAT, by delivery date: orders placed and on their way or delivered. Held, cancelled and rejected orders do not count.</p>
          <SpendCharts report={result.data} />
        </>
      )}
    </div>
  );
}
