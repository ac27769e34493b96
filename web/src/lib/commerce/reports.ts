import 'server-only';
import { z } from 'zod';
import { apiDownload, apiRequest } from '@/lib/api/client';
import type { ApiResult, AppError } from '@/lib/errors/app-error';
import { moneySchema } from './types';

/** A month as 'YYYY-MM', as the report's period and its rows name them. */
export const ISO_MONTH = /^2\d{3}-(0[1-9]|1[0-2])$/;
export const isIsoMonth = (value: string | undefined): value is string => value !== undefined && ISO_MONTH.test(value);

const monthSpendSchema = z.object({ month: z.string().regex(ISO_MONTH), spend: moneySchema });

/** Head office's spend as the API answers it (docs/reports.md). */
export const spendReportSchema = z.object({
  from: z.string().regex(ISO_MONTH),
  to: z.string().regex(ISO_MONTH),
  months: z.array(z.string().regex(ISO_MONTH)),
  total: moneySchema,
  sites: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      spend: moneySchema,
      months: z.array(monthSpendSchema),
      limits: z.array(z.object({ code: z.string(), periodRange: z.enum(['WEEK', 'MONTH']), threshold: moneySchema })),
    }),
  ),
  byMonth: z.array(monthSpendSchema),
  categories: z.array(z.object({ code: z.string(), name: z.string(), spend: moneySchema })),
});
export type SpendReport = z.infer<typeof spendReportSchema>;

/** The tables behind the charts that download as CSV, as the API names them. */
export const SPEND_TABLES = ['sites', 'categories', 'months'] as const;
export type SpendTable = (typeof SPEND_TABLES)[number];

export interface SpendPeriod {
  from?: string;
  to?: string;
}

export const getSpendReport = (period: SpendPeriod): Promise<ApiResult<SpendReport>> =>
  apiRequest(spendReportSchema, '/users/current/reports/spend', { query: { from: period.from, to: period.to } });

export const downloadSpendTable = (table: SpendTable, period: SpendPeriod): Promise<{ ok: true; response: Response } | { ok: false; error: AppError }> =>
  apiDownload('/users/current/reports/spend.csv', { query: { table, from: period.from, to: period.to }, accept: 'text/csv' });

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM' as "Nov 2026". */
export const monthLabel = (month: string): string => monthName.format(new Date(`${month}-01T00:00:00Z`));
