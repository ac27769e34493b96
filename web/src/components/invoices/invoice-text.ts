/** The words of the invoice pages (docs/after-delivery.md "Invoices in the shop"): pure, so pages and tests share them. */
export type InvoiceStatusName = 'overdue' | 'open' | 'paid' | 'credit';

const STATUS_LABEL: Record<InvoiceStatusName, string> = { overdue: 'Overdue', open: 'Open', paid: 'Paid', credit: 'Credit note' };

export const invoiceStatusLabel = (status: string): string => STATUS_LABEL[status as InvoiceStatusName] ?? status;

/** "Invoice INV-1001" or "Credit note CN-2001". */
export const documentName = (invoice: { type: string; number: string }): string => `${invoice.type === 'creditNote' ? 'Credit note' : 'Invoice'} ${invoice.number}`;

export const invoiceHref = (number: string): string => `/account/invoices/${encodeURIComponent(number)}/`;
export const invoicePdfHref = (number: string): string => `/account/invoices/${encodeURIComponent(number)}/pdf/`;
export const orderHref = (code: string): string => `/account/orders/${encodeURIComponent(code)}/`;

/** The filter's choices, in the list's own order: overdue first. */
export const STATUS_CHOICES: { value: InvoiceStatusName; label: string }[] = [
  { value: 'overdue', label: 'Overdue' },
  { value: 'open', label: 'Open' },
  { value: 'paid', label: 'Paid' },
  { value: 'credit', label: 'Credit notes' },
];

/** Why the statement download came back to the page, as the handler names it in `?statement=`. */
export const STATEMENT_PROBLEMS = {
  dates: 'Choose a "from" date on or before the "to" date, both as real dates.',
  soldTo: 'Choose the company the statement is for.',
  tooLong: 'A statement covers at most three years: choose a shorter range.',
  failed: 'The statement could not be downloaded just now. Please try again in a moment.',
} as const;
export type StatementProblem = keyof typeof STATEMENT_PROBLEMS;

export const statementProblemOf = (value: unknown): StatementProblem | undefined =>
  typeof value === 'string' && Object.hasOwn(STATEMENT_PROBLEMS, value) ? (value as StatementProblem) : undefined;

/** The London calendar date `days` before today, YYYY-MM-DD: the statement form's default range. */
export function londonDate(now: Date, daysBefore = 0): string {
  const shifted = new Date(now.getTime() - daysBefore * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(shifted);
}
