import { csvText, pounds } from '../invoices/statement';
import { money } from '../pricing/money';
import type { SpendReport } from './spend-report';

const moneySchema = {
  type: 'object',
  required: ['currencyIso', 'valuePence', 'formattedValue'],
  properties: { currencyIso: { type: 'string' }, valuePence: { type: 'integer' }, formattedValue: { type: 'string' } },
} as const;

const monthSpend = { type: 'object', required: ['month', 'spend'], properties: { month: { type: 'string' }, spend: moneySchema } } as const;

/** GET /users/current/reports/spend (docs/api.md "Reports"). */
export const spendReportSchema = {
  type: 'object',
  required: ['from', 'to', 'months', 'total', 'sites', 'byMonth', 'categories'],
  properties: {
    from: { type: 'string' },
    to: { type: 'string' },
    months: { type: 'array', items: { type: 'string' } },
    total: moneySchema,
    sites: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code', 'name', 'spend', 'months', 'limits'],
        properties: {
          code: { type: 'string' },
          name: { type: 'string' },
          spend: moneySchema,
          months: { type: 'array', items: monthSpend },
          limits: {
            type: 'array',
            items: { type: 'object', required: ['code', 'periodRange', 'threshold'], properties: { code: { type: 'string' }, periodRange: { type: 'string' }, threshold: moneySchema } },
          },
        },
      },
    },
    byMonth: { type: 'array', items: monthSpend },
    categories: { type: 'array', items: { type: 'object', required: ['code', 'name', 'spend'], properties: { code: { type: 'string' }, name: { type: 'string' }, spend: moneySchema } } },
  },
} as const;

export function spendReportView(report: SpendReport) {
  return {
    from: report.from,
    to: report.to,
    months: report.months,
    total: money(report.totalPence),
    sites: report.sites.map((site) => ({
      code: site.code,
      name: site.name,
      spend: money(site.spendPence),
      months: site.months.map((month) => ({ month: month.month, spend: money(month.spendPence) })),
      limits: site.limits.map((limit) => ({ code: limit.code, periodRange: limit.periodRange, threshold: money(limit.thresholdPence) })),
    })),
    byMonth: report.byMonth.map((month) => ({ month: month.month, spend: money(month.spendPence) })),
    categories: report.categories.map((category) => ({ code: category.code, name: category.name, spend: money(category.spendPence) })),
  };
}

/** The tables behind the spend charts, each downloadable as CSV (docs/reports.md). */
export const SPEND_TABLES = ['sites', 'categories', 'months'] as const;
export type SpendTable = (typeof SPEND_TABLES)[number];

/** One CSV row: texts made safe by csvText, amounts written by `pounds` (invoices/statement.ts) as numbers. */
const csvRow = (cells: string[]) => `${cells.join(',')}\r\n`;

/** One table of the report as CSV; amounts in pounds with two decimals, as the statement writes them. */
export function spendCsv(report: SpendReport, table: SpendTable): string {
  switch (table) {
    case 'sites': {
      let csv = csvRow(['Site', 'Account', 'Month', 'Spend (GBP)', 'Monthly limit (GBP)'].map(csvText));
      for (const site of report.sites) {
        const monthly = site.limits.find((limit) => limit.periodRange === 'MONTH');
        for (const month of site.months) csv += csvRow([csvText(site.name), csvText(site.code), month.month, pounds(month.spendPence), monthly ? pounds(monthly.thresholdPence) : '']);
      }
      return csv;
    }
    case 'categories':
      return csvRow(['Category', 'Spend (GBP)'].map(csvText)) + report.categories.map((category) => csvRow([csvText(category.name), pounds(category.spendPence)])).join('');
    case 'months':
      return csvRow(['Month', 'Spend (GBP)'].map(csvText)) + report.byMonth.map((month) => csvRow([month.month, pounds(month.spendPence)])).join('');
  }
}
