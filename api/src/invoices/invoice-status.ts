/**
 * An invoice's status is derived, never stored: it follows from its payments and its due date on the London day
 * asked (docs/after-delivery.md "Invoices, credit notes and statements"); the rule is written once, in SQL, in
 * invoice-queries.ts (`statusSql`), so that lists filter and sort by it in the database. A credit note is always
 * `credit`. Because nothing moves an invoice from one status to another, there is no transition table: the ERP's
 * data and the clock decide, and an update from the ERP (a lower gross, a later due date) is read the same way.
 */
export const INVOICE_STATUSES = ['overdue', 'open', 'paid', 'credit'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_TYPES = ['invoice', 'creditNote'] as const;
