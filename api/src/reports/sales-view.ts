import { csvText, pounds } from '../invoices/statement';
import { money } from '../pricing/money';
import type { SalesReport } from './sales-report';

const moneySchema = {
  type: 'object',
  required: ['currencyIso', 'valuePence', 'formattedValue'],
  properties: { currencyIso: { type: 'string' }, valuePence: { type: 'integer' }, formattedValue: { type: 'string' } },
} as const;

const named = (extra: Record<string, unknown>, required: string[]) =>
  ({ type: 'array', items: { type: 'object', required: ['code', 'name', 'sales', ...required], properties: { code: { type: 'string' }, name: { type: 'string' }, sales: moneySchema, ...extra } } }) as const;

/** GET /admin/v1/reports/sales (docs/api.md "Reports"). */
export const salesReportSchema = {
  type: 'object',
  required: ['from', 'to', 'total', 'orders', 'byDay', 'ranges', 'categories', 'topCustomers', 'lapsed', 'fillRate'],
  properties: {
    from: { type: 'string' },
    to: { type: 'string' },
    total: moneySchema,
    orders: { type: 'integer' },
    byDay: { type: 'array', items: { type: 'object', required: ['day', 'sales', 'orders'], properties: { day: { type: 'string' }, sales: moneySchema, orders: { type: 'integer' } } } },
    ranges: named({}, []),
    categories: named({}, []),
    topCustomers: named({ orders: { type: 'integer' } }, ['orders']),
    lapsed: {
      type: 'object',
      required: ['from', 'to', 'customers'],
      properties: { from: { type: 'string' }, to: { type: 'string' }, customers: named({ lastDelivery: { type: 'string' } }, ['lastDelivery']) },
    },
    fillRate: {
      type: 'object',
      required: ['orderedQuantity', 'deliveredQuantity', 'basisPoints'],
      properties: { orderedQuantity: { type: 'integer' }, deliveredQuantity: { type: 'integer' }, basisPoints: { type: ['integer', 'null'] } },
    },
  },
} as const;

export function salesReportView(report: SalesReport) {
  const withSales = <T extends { salesPence: number }>({ salesPence, ...rest }: T) => ({ ...rest, sales: money(salesPence) });
  return {
    from: report.from,
    to: report.to,
    total: money(report.totalPence),
    orders: report.orderCount,
    byDay: report.byDay.map(withSales),
    ranges: report.ranges.map(withSales),
    categories: report.categories.map(withSales),
    topCustomers: report.topCustomers.map(withSales),
    lapsed: { from: report.lapsed.window.from, to: report.lapsed.window.to, customers: report.lapsed.customers.map(withSales) },
    fillRate: report.fillRate,
  };
}

/** The tables behind the operators' charts, each downloadable as CSV (docs/reports.md). */
export const SALES_TABLES = ['days', 'ranges', 'categories', 'customers', 'lapsed'] as const;
export type SalesTable = (typeof SALES_TABLES)[number];

const csvRow = (cells: string[]) => `${cells.join(',')}\r\n`;
const header = (cells: string[]) => csvRow(cells.map(csvText));

/** One table of the sales report as CSV: amounts in pounds with two decimals, texts guarded as the statement's. */
export function salesCsv(report: SalesReport, table: SalesTable): string {
  switch (table) {
    case 'days':
      return header(['Delivery date', 'Orders', 'Sales (GBP)']) + report.byDay.map((day) => csvRow([day.day, String(day.orders), pounds(day.salesPence)])).join('');
    case 'ranges':
      return header(['Range', 'Name', 'Sales (GBP)']) + report.ranges.map((range) => csvRow([csvText(range.code), csvText(range.name), pounds(range.salesPence)])).join('');
    case 'categories':
      return header(['Category', 'Sales (GBP)']) + report.categories.map((category) => csvRow([csvText(category.name), pounds(category.salesPence)])).join('');
    case 'customers':
      return header(['Customer', 'Account', 'Orders', 'Sales (GBP)']) + report.topCustomers.map((customer) => csvRow([csvText(customer.name), csvText(customer.code), String(customer.orders), pounds(customer.salesPence)])).join('');
    case 'lapsed':
      return (
        header(['Customer', 'Account', 'Last delivery', 'Sales in the 8 weeks (GBP)']) +
        report.lapsed.customers.map((customer) => csvRow([csvText(customer.name), csvText(customer.code), customer.lastDelivery, pounds(customer.salesPence)])).join('')
      );
  }
}
