import { money } from '../pricing/money';
import type { InvoiceDetail, InvoiceSummary, SoldToBalance } from './invoice-queries';

/** An invoice as the storefront reads it; credit notes have nothing to pay. */
export function invoiceView(invoice: InvoiceSummary) {
  const outstanding = invoice.type === 'invoice' ? Math.max(invoice.grossPence - invoice.paidPence, 0) : 0;
  return {
    number: invoice.number,
    type: invoice.type,
    status: invoice.status,
    soldTo: invoice.soldTo,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    net: money(invoice.netPence),
    vat: money(invoice.vatPence),
    gross: money(invoice.grossPence),
    paid: money(invoice.paidPence),
    outstanding: money(outstanding),
    orderCodes: invoice.orderCodes,
    pdfSource: invoice.hasErpPdf ? ('erp' as const) : ('rendered' as const),
  };
}

export function invoiceDetailView(invoice: InvoiceDetail) {
  return {
    ...invoiceView(invoice),
    lines: invoice.lines.map((line) => ({ description: line.description, quantity: line.quantity, net: money(line.netPence), vat: money(line.vatPence) })),
    payments: invoice.payments.map((payment) => ({ amount: money(payment.amountPence), paidAt: payment.paidAt.toISOString(), reference: payment.reference })),
  };
}

export const soldToBalanceView = (soldTo: SoldToBalance) => ({ code: soldTo.code, name: soldTo.name, balance: money(soldTo.balancePence), overdue: money(soldTo.overduePence) });

// Response schemas (JSON Schema, for Fastify's serialiser): what each route answers, no more.
const moneySchema = {
  type: 'object',
  required: ['currencyIso', 'valuePence', 'formattedValue'],
  properties: { currencyIso: { type: 'string' }, valuePence: { type: 'integer' }, formattedValue: { type: 'string' } },
} as const;

const summaryProperties = {
  number: { type: 'string' },
  type: { type: 'string', enum: ['invoice', 'creditNote'] },
  status: { type: 'string', enum: ['overdue', 'open', 'paid', 'credit'] },
  soldTo: { type: 'object', required: ['code', 'name'], properties: { code: { type: 'string' }, name: { type: 'string' } } },
  issueDate: { type: 'string' },
  dueDate: { type: 'string' },
  net: moneySchema,
  vat: moneySchema,
  gross: moneySchema,
  paid: moneySchema,
  outstanding: moneySchema,
  orderCodes: { type: 'array', items: { type: 'string' } },
  pdfSource: { type: 'string', enum: ['erp', 'rendered'] },
} as const;

export const invoiceSummarySchema = { type: 'object', required: Object.keys(summaryProperties), properties: summaryProperties } as const;

export const invoiceDetailSchema = {
  type: 'object',
  required: [...Object.keys(summaryProperties), 'lines', 'payments'],
  properties: {
    ...summaryProperties,
    lines: {
      type: 'array',
      items: { type: 'object', required: ['description', 'quantity', 'net', 'vat'], properties: { description: { type: 'string' }, quantity: { type: 'number' }, net: moneySchema, vat: moneySchema } },
    },
    payments: {
      type: 'array',
      items: { type: 'object', required: ['amount', 'paidAt', 'reference'], properties: { amount: moneySchema, paidAt: { type: 'string' }, reference: { type: 'string' } } },
    },
  },
} as const;

export const invoiceListSchema = {
  type: 'object',
  required: ['soldTos', 'invoices'],
  properties: {
    soldTos: {
      type: 'array',
      items: { type: 'object', required: ['code', 'name', 'balance', 'overdue'], properties: { code: { type: 'string' }, name: { type: 'string' }, balance: moneySchema, overdue: moneySchema } },
    },
    invoices: { type: 'array', items: invoiceSummarySchema },
  },
} as const;

export const orderInvoicesSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['number', 'type', 'status'],
    properties: { number: { type: 'string' }, type: summaryProperties.type, status: summaryProperties.status },
  },
} as const;
