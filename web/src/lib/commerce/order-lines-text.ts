import { LIMITS } from '../limits';

/**
 * Reads lines of product code and quantity pasted from a spreadsheet or an e-mail, or uploaded as CSV: the
 * format the cart's Export CSV writes. Pure, so the page parses as the customer pastes.
 */

/** One request of the bulk add takes at most this many lines (docs/decisions-left-open.md#weekly-ordering). */
export const MAX_ORDER_LINES = LIMITS.orderLines;
/** A list of 500 lines is a few kilobytes; anything far larger is not one. */
export const MAX_ORDER_TEXT_BYTES = 512 * 1024;

export interface TextLine {
  /** Line of the pasted text or file, from 1. */
  lineNumber: number;
  code: string;
  quantity: string;
}

export type ReadLines = { ok: true; lines: TextLine[] } | { ok: false; message: string };

const HEADER_WORDS = /^(product\s*code|product|code|item|item\s*code|sku|article|quantity|qty|cases|amount)$/i;

/** A line split at `separator` outside "quoted; fields" (RFC 4180 quoting). */
function splitQuoted(line: string, separator: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** Tab (a spreadsheet), semicolon (a European CSV), comma (CSV), else spaces (an e-mail). */
export function fieldsOf(line: string): string[] {
  const unquoted = line.replace(/"[^"]*"/g, '');
  for (const separator of ['\t', ';', ',']) {
    if (unquoted.includes(separator)) return splitQuoted(line, separator);
  }
  return line.trim().split(/\s+/);
}

const clean = (field: string | undefined) => (field ?? '').trim().replace(/^"(.*)"$/, '$1').trim();

const isHeader = (code: string, quantity: string) => HEADER_WORDS.test(code) || (HEADER_WORDS.test(quantity) && !/\d/.test(code));

/** Control characters other than tab, line feed and carriage return, or the replacement character of bad UTF-8. */
function looksBinary(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 0xfffd) return true;
  }
  return false;
}

export function readOrderLines(text: string): ReadLines {
  if (text.length > MAX_ORDER_TEXT_BYTES) {
    return { ok: false, message: `This is too long for a quick order (at most ${MAX_ORDER_LINES} lines): split it into parts.` };
  }
  if (looksBinary(text)) {
    return { ok: false, message: 'This does not look like a list of product codes and quantities. Use a CSV or text file, one product per line.' };
  }
  const lines: TextLine[] = [];
  const rows = text.split(/\r\n|\r|\n/);
  rows.forEach((row, index) => {
    if (row.trim() === '') return;
    const fields = fieldsOf(row);
    const code = clean(fields[0]);
    const quantity = clean(fields[1]);
    if (lines.length === 0 && isHeader(code, quantity)) return;
    lines.push({ lineNumber: index + 1, code, quantity });
  });
  if (lines.length > MAX_ORDER_LINES) {
    return {
      ok: false,
      message: `A quick order takes at most ${MAX_ORDER_LINES} lines; this has ${lines.length.toLocaleString('en-GB')}. Split it into parts of ${MAX_ORDER_LINES}.`,
    };
  }
  return { ok: true, lines };
}
