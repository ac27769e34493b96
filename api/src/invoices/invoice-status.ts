/**
 * An invoice's status is derived, never stored: it follows from its payments and its due date on the day asked
 * (docs/after-delivery.md "Invoices, credit notes and statements"). A credit note is always `credit`. Because
 * nothing moves an invoice from one status to another, there is no transition table: the ERP's data and the
 * clock decide, and an update from the ERP (a lower gross, a later due date) is read the same way.
 */
export const INVOICE_STATUSES = ['overdue', 'open', 'paid', 'credit'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_TYPES = ['invoice', 'creditNote'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

/** `today` is the London date (YYYY-MM-DD); an invoice is overdue from the day after its due date. */
export function invoiceStatus(invoice: { type: string; grossPence: number; dueDate: string }, paidPence: number, today: string): InvoiceStatus {
  if (invoice.type === 'creditNote') return 'credit';
  if (paidPence >= invoice.grossPence) return 'paid';
  return invoice.dueDate < today ? 'overdue' : 'open';
}

/** The list order: overdue first, then open, paid and credit notes. */
export const STATUS_RANK: Record<InvoiceStatus, number> = { overdue: 0, open: 1, paid: 2, credit: 3 };
