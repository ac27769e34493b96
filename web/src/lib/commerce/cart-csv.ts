/** The cart as CSV in the format quick order reads: code and quantity first, then what helps a person read it. */
export const CART_CSV_HEADER = ['Product code', 'Quantity', 'Name', 'Brand', 'Pack size', 'Unit price'];

/** Quoted where needed (RFC 4180); a leading = + - @ is defused so a spreadsheet never runs a cell as a formula. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n;\t]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface CsvLine {
  code: string;
  quantity: number;
  name: string;
  brand: string;
  packSize: string;
  unitPrice: string;
}

export function cartCsv(lines: CsvLine[]): string {
  const rows = [CART_CSV_HEADER, ...lines.map((line) => [line.code, line.quantity, line.name, line.brand, line.packSize, line.unitPrice])];
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
