import { isValidIsoDate, type IsoDate } from '../time/calendar-date';

/** One checked row of a stock feed: cases available of a product for a delivery date. */
export interface StockRow {
  productCode: string;
  deliveryDate: IsoDate;
  available: number;
}

/** A row the feed refuses, by its place in `levels` (0-based, as the body has it) and the field at fault. */
export interface StockRowProblem {
  row: number;
  field: 'product' | 'deliveryDate' | 'available' | 'row';
  reason: string;
}

/** The most cases a row may say: more is a typing error in the ERP, not stock. */
export const MAX_AVAILABLE = 1_000_000;
const PRODUCT_CODE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One row as sent, checked on its own; the caller checks what needs the database (products) and the other rows (repeats). */
function checkStockRow(value: unknown, row: number, problems: StockRowProblem[], validDates: Map<string, boolean>): StockRow | undefined {
  if (!isRecord(value)) {
    problems.push({ row, field: 'row', reason: 'must be an object {product, deliveryDate, available}' });
    return undefined;
  }
  const { product, deliveryDate, available } = value;
  const before = problems.length;
  if (typeof product !== 'string' || !PRODUCT_CODE.test(product)) problems.push({ row, field: 'product', reason: 'must be a product code' });
  if (typeof deliveryDate !== 'string' || !isValidDate(deliveryDate, validDates)) problems.push({ row, field: 'deliveryDate', reason: 'must be a date YYYY-MM-DD' });
  if (typeof available !== 'number' || !Number.isInteger(available) || available < 0 || available > MAX_AVAILABLE) {
    problems.push({ row, field: 'available', reason: `must be a whole number of cases from 0 to ${MAX_AVAILABLE}` });
  }
  if (problems.length > before) return undefined;
  return { productCode: product as string, deliveryDate: deliveryDate as string, available: available as number };
}

/** A feed names a few dates many times over: each is checked once. */
function isValidDate(value: string, validDates: Map<string, boolean>): boolean {
  let valid = validDates.get(value);
  if (valid === undefined) {
    valid = isValidIsoDate(value);
    validDates.set(value, valid);
  }
  return valid;
}

/** Every row checked on its own and against the rows before it: one product and date once per feed. */
export function checkStockRows(values: readonly unknown[]): { rows: StockRow[]; problems: StockRowProblem[] } {
  const problems: StockRowProblem[] = [];
  const rows: StockRow[] = [];
  const seen = new Map<string, number>();
  const validDates = new Map<string, boolean>();
  values.forEach((value, index) => {
    const row = checkStockRow(value, index, problems, validDates);
    if (!row) return;
    const key = `${row.productCode}/${row.deliveryDate}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({ row: index, field: 'row', reason: `repeats row ${first}: product ${row.productCode} for ${row.deliveryDate} once per feed` });
      return;
    }
    seen.set(key, index);
    rows.push(row);
  });
  return { rows, problems };
}
