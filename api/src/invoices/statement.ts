import { londonWallClock } from '../time/london-time';
import type { StatementSource } from './invoice-queries';

/**
 * A sold-to's statement for a date range (docs/after-delivery.md): the opening balance (everything before
 * `from`), then each invoice (+), credit note (−) and payment (−) by date with the balance after it, and the
 * closing balance. Pure, so that the property test can check that it adds up to the penny.
 */
export type StatementKind = 'invoice' | 'creditNote' | 'payment';

export interface StatementEntry {
  /** The invoice's issue date, or the London day of the payment. */
  date: string;
  kind: StatementKind;
  /** The invoice or credit note number; for a payment, the invoice it paid. */
  number: string;
  /** The payment's reference; for an invoice, its due date. */
  reference: string;
  /** Positive pence; the kind says which way it moves the balance. */
  amountPence: number;
}

export interface StatementRow extends StatementEntry {
  balancePence: number;
}

export interface Statement {
  from: string;
  to: string;
  openingPence: number;
  rows: StatementRow[];
  closingPence: number;
}

const KIND_ORDER: Record<StatementKind, number> = { invoice: 0, creditNote: 1, payment: 2 };

export const signedAmount = (entry: Pick<StatementEntry, 'kind' | 'amountPence'>): number => (entry.kind === 'invoice' ? entry.amountPence : -entry.amountPence);

/** Same day: invoices, then credit notes, then payments, each by number and reference, so a statement reads the same every time. */
export function compareEntries(a: StatementEntry, b: StatementEntry): number {
  return a.date.localeCompare(b.date) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.number.localeCompare(b.number) || a.reference.localeCompare(b.reference);
}

export function buildStatement(entries: StatementEntry[], from: string, to: string): Statement {
  let balance = 0;
  for (const entry of entries) if (entry.date < from) balance += signedAmount(entry);
  const openingPence = balance;
  const rows: StatementRow[] = [];
  for (const entry of entries.filter((e) => e.date >= from && e.date <= to).sort(compareEntries)) {
    balance += signedAmount(entry);
    rows.push({ ...entry, balancePence: balance });
  }
  return { from, to, openingPence, rows, closingPence: balance };
}

export function statementEntries(source: StatementSource): StatementEntry[] {
  return [
    ...source.documents.map((d) => ({ date: d.date, kind: d.type, number: d.number, reference: d.type === 'invoice' ? `Due ${d.dueDate}` : '', amountPence: d.grossPence })),
    ...source.payments.map((p) => ({ date: londonWallClock(p.paidAt).date, kind: 'payment' as const, number: p.number, reference: p.reference, amountPence: p.amountPence })),
  ];
}

/** Pence as a plain decimal a spreadsheet reads as a number: 1234 → "12.34", -5 → "-0.05". */
export function pounds(pence: number): string {
  const whole = Math.abs(pence);
  return `${pence < 0 ? '-' : ''}${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/**
 * One CSV text field (RFC 4180), safe from CSV injection as the order export's (api/src/admin/orders/csv.ts,
 * which this module may not import): a text starting with = + - @, a tab or a carriage return gets a leading
 * apostrophe. Amounts are written by `pounds` and never pass through here, so "-12.34" stays a number.
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const KIND_LABEL: Record<StatementKind, string> = { invoice: 'Invoice', creditNote: 'Credit note', payment: 'Payment' };
export const STATEMENT_HEADER = ['Date', 'Type', 'Number', 'Reference', 'Debit', 'Credit', 'Balance'];

/** The statement as CSV: a header, the opening balance, one row per entry, the closing balance; debits raise the balance. */
export function statementCsv(statement: Statement, soldTo: { code: string; name: string }): string {
  const line = (cells: string[]) => `${cells.join(',')}\r\n`;
  let csv = line(STATEMENT_HEADER.map(csvText));
  csv += line([statement.from, 'Opening balance', csvText(soldTo.code), csvText(soldTo.name), '', '', pounds(statement.openingPence)]);
  for (const row of statement.rows) {
    const debit = row.kind === 'invoice' ? pounds(row.amountPence) : '';
    const credit = row.kind === 'invoice' ? '' : pounds(row.amountPence);
    csv += line([row.date, KIND_LABEL[row.kind], csvText(row.number), csvText(row.reference), debit, credit, pounds(row.balancePence)]);
  }
  csv += line([statement.to, 'Closing balance', csvText(soldTo.code), csvText(soldTo.name), '', '', pounds(statement.closingPence)]);
  return csv;
}
