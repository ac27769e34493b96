import { createHash } from 'node:crypto';
import { z } from 'zod';
import { INVOICE_TYPES } from './invoice-status';

/** The largest amount an invoice, line or payment may carry: £10,000,000 in pence (the columns are int4). */
export const MAX_AMOUNT_PENCE = 1_000_000_000;
/** The ERP's own PDF, base64 in the JSON body: at most 5 MB decoded (the route's body limit allows for base64). */
export const MAX_PDF_BYTES = 5 * 1024 * 1024;
export const INVOICE_BODY_LIMIT = Math.ceil((MAX_PDF_BYTES * 4) / 3) + 1024 * 1024;

export const invoiceNumber = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/, 'must be an invoice number: 1 to 32 letters, digits, dots, dashes or underscores');
export const orderCode = z.string().regex(/^[A-Za-z0-9-]{1,32}$/, 'must be an order code');

/** A calendar date YYYY-MM-DD that exists (not 2026-02-30). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
  }, 'must be a real calendar date YYYY-MM-DD');

const pence = z.number().int('must be whole pence').min(0, 'must not be negative').max(MAX_AMOUNT_PENCE, `must be at most ${MAX_AMOUNT_PENCE} pence`);
/** A line may be negative (a discount or a returned crate); the totals may not. */
const linePence = z.number().int('must be whole pence').min(-MAX_AMOUNT_PENCE).max(MAX_AMOUNT_PENCE);

export const invoiceBody = z.object({
  type: z.enum(INVOICE_TYPES),
  soldTo: z.string().trim().min(1).max(20),
  issueDate: isoDate,
  dueDate: isoDate,
  orderCodes: z
    .array(orderCode)
    .max(100)
    .refine((codes) => new Set(codes).size === codes.length, 'each order code at most once')
    .default([]),
  lines: z
    .array(
      z.object({
        description: z.string().trim().min(1).max(200),
        quantity: z.number().finite().min(-1_000_000).max(1_000_000),
        net: linePence,
        vat: linePence,
      }),
    )
    .min(1, 'must have at least one line')
    .max(500),
  net: pence,
  vat: pence,
  gross: pence,
  pdf: z
    .string()
    .max(INVOICE_BODY_LIMIT)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64')
    .optional(),
});
export type InvoiceInput = z.infer<typeof invoiceBody>;

export const paymentBody = z.object({
  amount: z.number().int('must be whole pence').min(1, 'must be at least 1 penny').max(MAX_AMOUNT_PENCE),
  paidAt: z.string().datetime({ offset: true, message: 'must be an ISO 8601 date-time, e.g. 2026-11-20T10:00:00Z' }),
  reference: z.string().trim().min(1).max(64),
});
export type PaymentInput = z.infer<typeof paymentBody>;

/** What an invoice says, in a fixed order: two sends with the same content have the same hash. */
export function contentHash(input: InvoiceInput, pdf: Buffer | null): string {
  const canonical = {
    type: input.type,
    soldTo: input.soldTo,
    issueDate: input.issueDate,
    dueDate: input.dueDate,
    orderCodes: [...input.orderCodes].sort(),
    lines: input.lines.map((line) => ({ description: line.description, quantity: line.quantity, net: line.net, vat: line.vat })),
    net: input.net,
    vat: input.vat,
    gross: input.gross,
    pdf: pdf ? createHash('sha256').update(pdf).digest('hex') : null,
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}
