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

/**
 * RFC 4180 CSV: comma-separated, fields optionally in double quotes (a quote inside doubled), line breaks CRLF
 * or LF, also inside quoted fields. A semicolon-separated file (a European spreadsheet's export) is read too,
 * when its first line has semicolons and no commas. Blank lines are skipped. Records come one at a time, so a
 * 100 000-row file is never held as rows all at once; a fault ends the records.
 */
export function* csvRecords(text: string): Generator<CsvRecord | CsvFault> {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const separator = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  let cells: string[] = [];
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const length = text.length;
  // Cells are cut out with slice (one string each), never built a character at a time: a 30 MB file built
  // by concatenation costs the API gigabytes of intermediate strings.
  while (i <= length) {
    let cell: string;
    if (text[i] === '"') {
      const opened = line;
      const parts: string[] = [];
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote === -1) {
          yield { line: opened, reason: 'A quoted field is never closed (a " is missing)' };
          return;
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
    if (cells.length > 1 || cells[0] !== '') yield { line: recordLine, cells };
    cells = [];
    if (char === '\r' && text[i + 1] === '\n') i++;
    i++;
    line++;
    recordLine = line;
  }
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
