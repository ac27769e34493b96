import { csvRecords, type CsvFault, type CsvRecord } from './csv';
import { UploadText } from './upload-text';
import type { ImportProblem } from './import-report';

/** A row of an import file by column name, with the line (CSV) or item number (JSON) it came from. */
export interface SourceRow {
  line: number;
  values: Map<string, string>;
}

export type FileFormat = 'csv' | 'json';

/**
 * The rows of an uploaded file, read one at a time as they are iterated (a CSV upload as it arrives), and what is wrong with the file as a
 * whole. `problems` grows while the rows are read: rows that cannot be split (too many fields, a JSON item
 * that is not an object), or one fault that ends the file (bytes that are not text, an unclosed quote, too
 * many rows), which then
 * stands alone. Any problem here refuses the file before its rows' own checks count.
 */
export interface FileRows {
  rows: AsyncIterable<SourceRow> | Iterable<SourceRow>;
  problems: ImportProblem[];
}

export type FileRead = ({ ok: true } & FileRows) | { ok: false; problems: ImportProblem[] };

const MAX_ROWS = 500_000;

const fileProblem = (reason: string, column = 'file', line = 0): FileRead => ({ ok: false, problems: [{ line, column, reason }] });
const NOT_TEXT = 'The file is not text: upload a CSV file (with a header row) or JSON, not a spreadsheet or other binary file';

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

async function* csvRows(records: AsyncGenerator<CsvRecord | CsvFault>, names: string[], problems: ImportProblem[], upload: UploadText): AsyncGenerator<SourceRow> {
  // A fault ends the file and, as when the file was read whole, is then its only problem.
  const fault = (problem: ImportProblem) => problems.splice(0, problems.length, problem);
  let count = 0;
  for await (const record of records) {
    if ('reason' in record) {
      fault({ line: record.line, column: 'file', reason: record.reason });
      break;
    }
    if (++count > MAX_ROWS) {
      fault({ line: 0, column: 'file', reason: `At most ${MAX_ROWS} rows per file` });
      break;
    }
    if (record.cells.length > names.length) {
      problems.push({ line: record.line, column: 'row', reason: `${record.cells.length} fields, but the header names ${names.length} columns` });
      continue;
    }
    const values = new Map<string, string>();
    names.forEach((name, index) => values.set(name, record.cells[index] ?? ''));
    yield { line: record.line, values };
  }
  if (upload.notText) fault({ line: 0, column: 'file', reason: NOT_TEXT });
}

async function readCsv(pieces: AsyncIterable<string>, columns: ReadonlySet<string>, upload: UploadText): Promise<FileRead> {
  const records = csvRecords(pieces);
  const first = await records.next();
  if (upload.notText) return fileProblem(NOT_TEXT);
  if (first.done) return fileProblem('The file is empty: the first line must name the columns');
  if ('reason' in first.value) return fileProblem(first.value.reason, 'file', first.value.line);
  const names = first.value.cells.map((name) => name.trim());
  const problems: ImportProblem[] = [];
  names.forEach((name, index) => {
    if (!columns.has(name)) problems.push({ line: 1, column: name || `column ${index + 1}`, reason: `Unknown column '${name}' in the header row` });
    else if (names.indexOf(name) !== index) problems.push({ line: 1, column: name, reason: `Column '${name}' appears twice in the header row` });
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, rows: csvRows(records, names, problems, upload), problems };
}

/** The pieces already read, then the rest. */
async function* resumed(head: string[], rest: AsyncIterator<string>): AsyncGenerator<string> {
  yield* head;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/**
 * The rows of an upload as its bytes arrive, or what is wrong with its encoding, its format or its header. A
 * JSON file is parsed whole; a CSV file is read a record at a time.
 */
export async function readImportFile(bytes: AsyncIterable<Buffer>, format: FileFormat, columns: ReadonlySet<string>): Promise<FileRead> {
  const upload = new UploadText(bytes);
  const pieces = upload.pieces();
  const head: string[] = [];
  let blank = true;
  while (blank) {
    const next = await pieces.next();
    if (next.done) break;
    head.push(next.value);
    blank = !/\S/.test(next.value);
  }
  if (upload.notText) return fileProblem(NOT_TEXT);
  if (blank) return fileProblem('The file is empty');
  const text = resumed(head, pieces);
  if (format === 'csv') return readCsv(text, columns, upload);
  const parts: string[] = [];
  for await (const piece of text) parts.push(piece);
  return upload.notText ? fileProblem(NOT_TEXT) : readJson(parts.join(''), columns);
}
