import { z } from 'zod';
import { moneySchema } from '../commerce/types';

/** A delivery date 'YYYY-MM-DD' of the years 2000 to 2999, as the API reads a report's days. */
export const ISO_DAY = /^2\d{3}-\d{2}-\d{2}$/;
export const isReportDay = (value: string | undefined): value is string => value !== undefined && ISO_DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

const named = z.object({ code: z.string(), name: z.string(), sales: moneySchema });

/** The operators' sales report as the API answers it (docs/reports.md "Operators' reports"). */
export const salesReportSchema = z.object({
  from: z.string().regex(ISO_DAY),
  to: z.string().regex(ISO_DAY),
  total: moneySchema,
  orders: z.number().int(),
  byDay: z.array(z.object({ day: z.string().regex(ISO_DAY), sales: moneySchema, orders: z.number().int() })),
  ranges: z.array(named),
  categories: z.array(named),
  topCustomers: z.array(named.extend({ orders: z.number().int() })),
  lapsed: z.object({ from: z.string().regex(ISO_DAY), to: z.string().regex(ISO_DAY), customers: z.array(named.extend({ lastDelivery: z.string().regex(ISO_DAY) })) }),
  fillRate: z.object({ orderedQuantity: z.number().int(), deliveredQuantity: z.number().int(), basisPoints: z.number().int().nullable() }),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

/** The tables that download as CSV, as the API names them. */
export const SALES_TABLES = ['days', 'ranges', 'categories', 'customers', 'lapsed'] as const;
export type SalesTable = (typeof SALES_TABLES)[number];

const dayName = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-11-03' as "Tue 3 Nov", a bar's label. */
export const dayLabel = (day: string): string => dayName.format(new Date(`${day}T00:00:00Z`));
/** '2026-11-03' as "3 November 2026". */
export const longDayLabel = (day: string): string => longDay.format(new Date(`${day}T00:00:00Z`));

/** Basis points as a percentage with one decimal: 9843 as "98.4%". */
export const percent = (basisPoints: number): string => `${(basisPoints / 100).toFixed(1)}%`;
