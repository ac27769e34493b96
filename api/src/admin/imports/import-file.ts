import { csvRecords, type CsvFault, type CsvRecord } from './csv';
import type { ImportProblem } from './import-report';

/** A row of an import file by column name, with the line (CSV) or item number (JSON) it came from. */
export interface SourceRow {
  line: number;
  values: Map<string, string>;
}

export type FileFormat = 'csv' | 'json';

/**
 * The rows of an uploaded file, read one at a time as they are iterated, and what is wrong with the file as a
 * whole. `problems` grows while the rows are read: rows that cannot be split (too many fields, a JSON item
 * that is not an object), or one fault that ends the file (an unclosed quote, too many rows), which then
 * stands alone. Any problem here refuses the file before its rows' own checks count.
 */
export interface FileRows {
  rows: Iterable<SourceRow>;
  problems: ImportProblem[];
}

export type FileRead = ({ ok: true } & FileRows) | { ok: false; problems: ImportProblem[] };

const MAX_ROWS = 500_000;

const fileProblem = (reason: string, column = 'file', line = 0): FileRead => ({ ok: false, problems: [{ line, column, reason }] });

/**
 * Text only: a NUL byte or bytes that are not UTF-8 mean a spreadsheet's binary format (xlsx), an image or a
 * zip, which would otherwise become one long row of nonsense.
 */
export function decodeText(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

function cellText(value: unknown): string | undefined {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) return value.join(' ');
  return undefined;
}

function* jsonRows(items: unknown[], columns: ReadonlySet<string>, problems: ImportProblem[]): Generator<SourceRow> {
  for (const [index, item] of items.entries()) {
    const line = index + 1;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push({ line, column: 'row', reason: 'Each row must be an object of column names and values' });
      continue;
    }
    const values = new Map<string, string>();
    for (const [key, value] of Object.entries(item)) {
      if (!columns.has(key)) {
        problems.push({ line, column: key, reason: `Unknown column '${key}'` });
        continue;
      }
      const text = cellText(value);
      if (text === undefined) problems.push({ line, column: key, reason: 'Must be text, a number, true/false or a list of those' });
      else values.set(key, text);
    }
    yield { line, values };
  }
}

function readJson(text: string, columns: ReadonlySet<string>): FileRead {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return fileProblem(`Not valid JSON: ${error instanceof Error ? error.message : 'unreadable'}`);
  }
  const items = Array.isArray(parsed) ? parsed : (parsed as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(items)) return fileProblem('A JSON import is an array of objects (or {"rows": [...]}), one per row');
  if (items.length > MAX_ROWS) return fileProblem(`At most ${MAX_ROWS} rows per file`);
  const problems: ImportProblem[] = [];
  return { ok: true, rows: jsonRows(items, columns, problems), problems };
}

function* csvRows(records: Generator<CsvRecord | CsvFault>, names: string[], problems: ImportProblem[]): Generator<SourceRow> {
  let count = 0;
  for (const record of records) {
    // A fault ends the file and, as when the file was read whole, is then its only problem.
    if ('reason' in record) {
      problems.splice(0, problems.length, { line: record.line, column: 'file', reason: record.reason });
      return;
    }
    if (++count > MAX_ROWS) {
      problems.splice(0, problems.length, { line: 0, column: 'file', reason: `At most ${MAX_ROWS} rows per file` });
      return;
    }
    if (record.cells.length > names.length) {
      problems.push({ line: record.line, column: 'row', reason: `${record.cells.length} fields, but the header names ${names.length} columns` });
      continue;
    }
    const values = new Map<string, string>();
    names.forEach((name, index) => values.set(name, record.cells[index] ?? ''));
    yield { line: record.line, values };
  }
}

function readCsv(text: string, columns: ReadonlySet<string>): FileRead {
  const records = csvRecords(text.startsWith('\uFEFF') ? text.slice(1) : text);
  const first = records.next();
  if (first.done) return fileProblem('The file is empty: the first line must name the columns');
  if ('reason' in first.value) return fileProblem(first.value.reason, 'file', first.value.line);
  const names = first.value.cells.map((name) => name.trim());
  const problems: ImportProblem[] = [];
  names.forEach((name, index) => {
    if (!columns.has(name)) problems.push({ line: 1, column: name || `column ${index + 1}`, reason: `Unknown column '${name}' in the header row` });
    else if (names.indexOf(name) !== index) problems.push({ line: 1, column: name, reason: `Column '${name}' appears twice in the header row` });
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, rows: csvRows(records, names, problems), problems };
}

/** The rows of an uploaded file, or what is wrong with its encoding, its format or its header. */
export function readImportFile(bytes: Buffer, format: FileFormat, columns: ReadonlySet<string>): FileRead {
  const text = decodeText(bytes);
  if (text === undefined) return fileProblem('The file is not text: upload a CSV file (with a header row) or JSON, not a spreadsheet or other binary file');
  if (text.trim() === '') return fileProblem('The file is empty');
  return format === 'json' ? readJson(text, columns) : readCsv(text, columns);
}
