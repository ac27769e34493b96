import { csvCell } from './csv';
import type { ImportColumn } from './import-kind';

/** A CSV file to fill in: the header row and one example row. */
export function templateCsv(columns: readonly ImportColumn[]): string {
  return `${columns.map((column) => csvCell(column.name)).join(',')}\r\n${columns.map((column) => csvCell(column.example)).join(',')}\r\n`;
}
