import 'server-only';
import { z } from 'zod';
import { apiDownload, apiRequest } from '@/lib/api/client';
import type { ApiResult, AppError } from '@/lib/errors/app-error';
import { moneySchema } from './types';

/**
 * The customer's invoices, credit notes and statements (docs/after-delivery.md "Invoices in the shop"), checked
 * with zod like every answer. The API scopes them to the sold-tos of the user's ship-tos; the PDF and the
 * statement come through the storefront's own route handlers, so the browser never holds a token.
 */
export const INVOICE_STATUSES = ['overdue', 'open', 'paid', 'credit'] as const;
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

const soldToRefSchema = z.object({ code: z.string(), name: z.string() });

export const invoiceSummarySchema = z.object({
  number: z.string(),
  type: z.enum(['invoice', 'creditNote']),
  status: invoiceStatusSchema,
  soldTo: soldToRefSchema,
  issueDate: z.string(),
  dueDate: z.string(),
  net: moneySchema,
  vat: moneySchema,
  gross: moneySchema,
  paid: moneySchema,
  outstanding: moneySchema,
  orderCodes: z.array(z.string()).default([]),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceDetailSchema = invoiceSummarySchema.extend({
  lines: z.array(z.object({ description: z.string(), quantity: z.number(), net: moneySchema, vat: moneySchema })).default([]),
  payments: z.array(z.object({ amount: moneySchema, paidAt: z.string(), reference: z.string() })).default([]),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const soldToBalanceSchema = soldToRefSchema.extend({ balance: moneySchema, overdue: moneySchema.optional() });
export type SoldToBalance = z.infer<typeof soldToBalanceSchema>;

export const invoiceListSchema = z.object({ soldTos: z.array(soldToBalanceSchema), invoices: z.array(invoiceSummarySchema) });
export type InvoiceList = z.infer<typeof invoiceListSchema>;

export const orderInvoicesSchema = z.array(z.object({ number: z.string(), type: z.enum(['invoice', 'creditNote']), status: invoiceStatusSchema }));
export type OrderInvoice = z.infer<typeof orderInvoicesSchema>[number];

/** The filters of the list, as the page's address carries them; anything malformed is left out. */
export interface InvoiceFilters {
  soldTo?: string;
  status?: InvoiceStatus;
  from?: string;
  to?: string;
}

const INVOICES = '/users/current/invoices';
/** The API's invoice-number shape: anything else names no invoice, and is not sent. */
export const INVOICE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;
export const SOLD_TO_CODE = /^[A-Za-z0-9]{1,20}$/;
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date YYYY-MM-DD (not 2026-02-30), as the API checks it. */
export function isIsoDate(value: string | undefined): value is string {
  if (!value || !ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

export const listInvoices = (filters: InvoiceFilters): Promise<ApiResult<InvoiceList>> => apiRequest(invoiceListSchema, INVOICES, { query: { ...filters } });

export const getInvoice = (number: string): Promise<ApiResult<InvoiceDetail>> => apiRequest(invoiceDetailSchema, `${INVOICES}/${encodeURIComponent(number)}`);

/** The invoices and credit notes that bill an order; the order page shows them beside it. */
export const getOrderInvoices = (orderCode: string): Promise<ApiResult<OrderInvoice[]>> =>
  apiRequest(orderInvoicesSchema, `/users/current/orders/${encodeURIComponent(orderCode)}/invoices`);

export type Download = { ok: true; response: Response } | { ok: false; error: AppError };

export const downloadInvoicePdf = (number: string): Promise<Download> => apiDownload(`${INVOICES}/${encodeURIComponent(number)}/pdf`, { accept: 'application/pdf' });

export const downloadStatement = (query: { soldTo?: string; from?: string; to?: string }): Promise<Download> =>
  apiDownload('/users/current/statement.csv', { query, accept: 'text/csv' });
