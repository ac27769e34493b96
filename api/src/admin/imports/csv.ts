/** One record of a CSV file and the line it starts on (1-based; the header is line 1). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** Where a file stops being readable as CSV: nothing after it can be split into rows. */
export interface CsvFault {
  line: number;
  reason: string;
}

/** What one pass over buffered text found: its complete records, where the unfinished rest starts, and its line. */
interface Scan {
  items: (CsvRecord | CsvFault)[];
  consumed: number;
  line: number;
}

const separatorOf = (firstLine: string) => (!firstLine.includes(',') && firstLine.includes(';') ? ';' : ',');

/**
 * The records of `text`, whose first line is `firstLine` of the file. Unless `final`, a record the text ends
 * in the middle of (or right after: a CR may be followed by its LF) is left for the next pass, with the text
 * that follows it.
 */
function scan(text: string, separator: string, firstLine: number, final: boolean): Scan {
  const items: (CsvRecord | CsvFault)[] = [];
  let cells: string[] = [];
  let line = firstLine;
  let recordLine = line;
  let recordStart = 0;
  let i = 0;
  const length = text.length;
  const unfinished = (): Scan => ({ items, consumed: recordStart, line: recordLine });
  // Cells are cut out with slice (one string each), never built a character at a time: a 30 MB file built
  // by concatenation costs the API gigabytes of intermediate strings.
  while (i <= length) {
    if (!final && i === length) return unfinished();
    let cell: string;
    if (text[i] === '"') {
      const opened = line;
      const parts: string[] = [];
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote === -1 || (!final && quote + 1 === length)) {
          if (!final) return unfinished();
          items.push({ line: opened, reason: 'A quoted field is never closed (a " is missing)' });
          return { items, consumed: length, line };
        }
        const part = text.slice(from, quote);
        for (let n = part.indexOf('\n'); n !== -1; n = part.indexOf('\n', n + 1)) line++;
        parts.push(part);
        if (text[quote + 1] === '"') {
          parts.push('"');
          from = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      cell = parts.join('');
      // Anything between the closing quote and the separator is kept, as spreadsheets do.
      const rest = nextBoundary(text, i, separator);
      cell += text.slice(i, rest);
      i = rest;
    } else {
      const boundary = nextBoundary(text, i, separator);
      cell = text.slice(i, boundary);
      i = boundary;
    }
    cells.push(cell);
    const char = text[i];
    if (char === separator) {
      i++;
      continue;
    }
    if (!final && (i === length || (char === '\r' && i + 1 === length))) return unfinished();
    if (cells.length > 1 || cells[0] !== '') items.push({ line: recordLine, cells });
    cells = [];
    if (char === '\r' && text[i + 1] === '\n') i++;
    i++;
    line++;
    recordLine = line;
    recordStart = i;
  }
  return { items, consumed: length, line };
}

/**
 * RFC 4180 CSV: comma-separated, fields optionally in double quotes (a quote inside doubled), line breaks CRLF
 * or LF, also inside quoted fields. A semicolon-separated file (a European spreadsheet's export) is read too,
 * when its first line has semicolons and no commas. Blank lines are skipped. The text arrives in pieces (an
 * upload as it is received) and records leave one at a time, so a 100 000-row file is never held whole; a
 * fault ends the records.
 */
export async function* csvRecords(pieces: AsyncIterable<string>): AsyncGenerator<CsvRecord | CsvFault> {
  let pending = '';
  let line = 1;
  let separator: string | undefined;
  // A record longer than the pieces (a long quoted field) is scanned again only once the text held has
  // doubled, so an unclosed quote early in a large file costs a few passes, not one per piece.
  let scanAt = 0;
  for await (const piece of pieces) {
    pending += piece;
    if (separator === undefined) {
      const end = pending.search(/\r?\n/);
      if (end === -1) continue;
      separator = separatorOf(pending.slice(0, end));
    }
    if (pending.length < scanAt) continue;
    const found = scan(pending, separator, line, false);
    for (const item of found.items) {
      yield item;
      if ('reason' in item) return;
    }
    pending = pending.slice(found.consumed);
    line = found.line;
    scanAt = 2 * pending.length;
  }
  yield* scan(pending, separator ?? separatorOf(pending.slice(0, pending.search(/\r?\n|$/))), line, true).items;
}

/** Where the cell starting at `from` ends: the next separator or line break, or the end of the text. */
function nextBoundary(text: string, from: number, separator: string): number {
  let i = from;
  while (i < text.length) {
    const char = text[i];
    if (char === separator || char === '\n' || char === '\r') return i;
    i++;
  }
  return i;
}

/** A cell for a CSV file we write (templates): quoted when it holds a separator, quote or line break. */
export const csvCell = (value: string) => (/[",;\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
