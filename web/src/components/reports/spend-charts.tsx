import Link from 'next/link';
import { BarChart } from '@/components/charts/bar-chart';
import { monthLabel, type SpendReport, type SpendTable } from '@/lib/commerce/reports';
import styles from './reports.module.css';

const RANGE_WORD = { WEEK: 'Weekly', MONTH: 'Monthly' } as const;

/** The address of one table's CSV for the period shown (app/account/reports/download/route.ts). */
const csvHref = (table: SpendTable, report: SpendReport) => `/account/reports/download/?${new URLSearchParams({ table, from: report.from, to: report.to }).toString()}`;

function Download({ table, report, what }: { table: SpendTable; report: SpendReport; what: string }) {
  return (
    <Link href={csvHref(table, report)} prefetch={false} download>
      Download {what} (CSV)
    </Link>
  );
}

/**
 * Head office's spend as charts (docs/reports.md): by month, by site, each site's months against its monthly
 * limit, and by category; each chart with its table and a CSV of it.
 */
export function SpendCharts({ report }: { report: SpendReport }) {
  return (
    <div className={styles.charts}>
      <BarChart
        id="spend-months"
        title="Spend by month"
        columns={{ label: 'Month', value: 'Spend' }}
        bars={report.byMonth.map((month) => ({ label: monthLabel(month.month), value: month.spend.valuePence, text: month.spend.formattedValue }))}
      >
        <Download table="months" report={report} what="spend by month" />
      </BarChart>
      <BarChart
        id="spend-sites"
        title="Spend by site"
        columns={{ label: 'Site', value: 'Spend' }}
        bars={report.sites.map((site) => ({ label: site.name, value: site.spend.valuePence, text: site.spend.formattedValue }))}
      >
        <Download table="sites" report={report} what="spend by site and month" />
      </BarChart>
      {report.sites.map((site) => {
        const monthly = site.limits.find((limit) => limit.periodRange === 'MONTH');
        return (
          <BarChart
            key={site.code}
            id={`spend-site-${site.code}`}
            title={`${site.name}: spend by month`}
            columns={{ label: 'Month', value: 'Spend', marker: 'Monthly limit' }}
            bars={site.months.map((month) => ({
              label: monthLabel(month.month),
              value: month.spend.valuePence,
              text: month.spend.formattedValue,
              ...(monthly ? { marker: { value: monthly.threshold.valuePence, text: monthly.threshold.formattedValue } } : {}),
            }))}
          >
            <p className={styles.limits}>
              {site.limits.length === 0
                ? 'No period limit for this site.'
                : site.limits.map((limit) => `${RANGE_WORD[limit.periodRange]} limit ${limit.threshold.formattedValue}`).join(' · ')}
              {monthly ? ' (the dashed line; a month over it is drawn in red)' : ''}
            </p>
          </BarChart>
        );
      })}
      <BarChart
        id="spend-categories"
        title="Spend by category"
        columns={{ label: 'Category', value: 'Spend' }}
        bars={report.categories.map((category) => ({ label: category.name, value: category.spend.valuePence, text: category.spend.formattedValue }))}
      >
        <Download table="categories" report={report} what="spend by category" />
      </BarChart>
    </div>
  );
}
