import type { TextLine } from '@/lib/commerce/order-lines-text';

/** One row of the quick order list: what the customer typed, where it came from, and why it was refused. */
export interface QuickRow {
  key: number;
  code: string;
  quantity: string;
  /** "pasted line 7", "file line 3": where a row from a paste or a file came from. */
  source?: string;
  problem?: string;
}

let nextKey = 1;

export const emptyRow = (): QuickRow => ({ key: nextKey++, code: '', quantity: '' });

export const isBlank = (row: QuickRow) => row.code.trim() === '' && row.quantity.trim() === '';

export const rowsFromText = (lines: TextLine[], origin: 'pasted' | 'file'): QuickRow[] =>
  lines.map((line) => ({ key: nextKey++, code: line.code, quantity: line.quantity, source: `${origin} line ${line.lineNumber}` }));

/** Replaces the blank rows at the end with `added`, keeping one blank row to type into. */
export function appendRows(rows: QuickRow[], added: QuickRow[]): QuickRow[] {
  const kept = [...rows];
  while (kept.length > 0 && isBlank(kept[kept.length - 1] as QuickRow)) kept.pop();
  return [...kept, ...added, emptyRow()];
}
