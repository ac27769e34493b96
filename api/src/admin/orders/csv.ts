/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A text starting with = + - @
 * (or a tab or carriage return) gets a leading apostrophe, so a spreadsheet never runs it as a formula
 * (OWASP CSV injection); numbers are written as they are.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvRow = (fields: (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;
