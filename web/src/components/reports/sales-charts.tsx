import Link from 'next/link';
import { BarChart } from '@/components/charts/bar-chart';
import { dayLabel, longDayLabel, percent, type SalesReport, type SalesTable } from '@/lib/admin/sales-report-schemas';
import styles from './reports.module.css';

/** The address of one table's CSV for the days shown (app/admin/reports/download/route.ts). */
const csvHref = (table: SalesTable, report: SalesReport) => `/admin/reports/download/?${new URLSearchParams({ table, from: report.from, to: report.to }).toString()}`;

function Download({ table, report, what }: { table: SalesTable; report: SalesReport; what: string }) {
  return (
    <Link href={csvHref(table, report)} prefetch={false} download>
      Download {what} (CSV)
    </Link>
  );
}

const cases = (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'case' : 'cases'}`;

/**
 * The operators' sales as charts (docs/reports.md "Operators' reports"): by day, range and category, the top
 * customers, the lapsed customers and the fill rate; each chart with its table, and a CSV of each but the fill rate.
 */
export function SalesCharts({ report }: { report: SalesReport }) {
  const fill = report.fillRate;
  return (
    <div className={styles.charts}>
      <BarChart
        id="sales-days"
        title="Sales by day"
        columns={{ label: 'Delivery date', value: 'Sales' }}
        bars={report.byDay.map((day) => ({ label: `${dayLabel(day.day)} · ${day.orders} ${day.orders === 1 ? 'order' : 'orders'}`, value: day.sales.valuePence, text: day.sales.formattedValue }))}
      >
        <Download table="days" report={report} what="sales by day" />
      </BarChart>
      <div>
        <BarChart
          id="sales-ranges"
          title="Sales by range"
          columns={{ label: 'Range', value: 'Sales' }}
          bars={report.ranges.map((range) => ({ label: range.name, value: range.sales.valuePence, text: range.sales.formattedValue }))}
        >
          <Download table="ranges" report={report} what="sales by range" />
        </BarChart>
        <BarChart
          id="sales-categories"
          title="Sales by category"
          columns={{ label: 'Category', value: 'Sales' }}
          bars={report.categories.map((category) => ({ label: category.name, value: category.sales.valuePence, text: category.sales.formattedValue }))}
        >
          <Download table="categories" report={report} what="sales by category" />
        </BarChart>
      </div>
      <BarChart
        id="sales-customers"
        title="Top customers"
        columns={{ label: 'Customer', value: 'Sales' }}
        bars={report.topCustomers.map((customer) => ({ label: `${customer.name} (${customer.code})`, value: customer.sales.valuePence, text: customer.sales.formattedValue }))}
      >
        <Download table="customers" report={report} what="top customers" />
      </BarChart>
      <BarChart
        id="sales-lapsed"
        title="Lapsed customers"
        columns={{ label: 'Customer and last delivery', value: 'Sales in the 8 weeks' }}
        bars={report.lapsed.customers.map((customer) => ({ label: `${customer.name} · last ${dayLabel(customer.lastDelivery)}`, value: customer.sales.valuePence, text: customer.sales.formattedValue }))}
      >
        <p className={styles.limits}>
          {report.lapsed.customers.length === 0 ? 'No lapsed customers. ' : ''}
          Delivered from {longDayLabel(report.lapsed.from)} to {longDayLabel(report.lapsed.to)}, nothing since.
        </p>
        <Download table="lapsed" report={report} what="lapsed customers" />
      </BarChart>
      <BarChart
        id="sales-fill"
        title="Fill rate"
        columns={{ label: 'Cases', value: 'Quantity' }}
        bars={[
          { label: 'Ordered', value: fill.orderedQuantity, text: cases(fill.orderedQuantity) },
          { label: 'Delivered', value: fill.deliveredQuantity, text: cases(fill.deliveredQuantity) },
        ]}
      >
        <p className={styles.limits}>
          {fill.basisPoints === null ? 'No delivered orders with reported quantities in these days.' : `${percent(fill.basisPoints)} of the cases ordered on delivered orders were delivered.`}
        </p>
      </BarChart>
    </div>
  );
}
