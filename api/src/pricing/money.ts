/** Money is integer pence in GBP everywhere; floats appear only in the formatted text. */
export interface Money {
  currencyIso: 'GBP';
  valuePence: number;
  formattedValue: string;
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

export const formatPence = (pence: number): string => gbp.format(pence / 100);

export const money = (pence: number): Money => ({ currencyIso: 'GBP', valuePence: pence, formattedValue: formatPence(pence) });

/** VAT on a net amount, rounded half up to the penny, in integer arithmetic. */
export function vatPence(netPence: number, vatRateBp: number): number {
  if (!Number.isSafeInteger(netPence) || netPence < 0) throw new RangeError(`net amount must be whole pence ≥ 0, got ${netPence}`);
  return Math.floor((netPence * vatRateBp + 5000) / 10_000);
}

export interface LineAmounts {
  netPence: number;
  vatPence: number;
}

export interface Totals {
  netPence: number;
  vatPence: number;
  grossPence: number;
}

/** VAT is charged per line (as on a VAT invoice), then summed. */
export function lineAmounts(unitPricePence: number, quantity: number, vatRateBp: number): LineAmounts {
  const netPence = unitPricePence * quantity;
  return { netPence, vatPence: vatPence(netPence, vatRateBp) };
}

export function sumTotals(lines: LineAmounts[]): Totals {
  const netPence = lines.reduce((sum, line) => sum + line.netPence, 0);
  const vat = lines.reduce((sum, line) => sum + line.vatPence, 0);
  return { netPence, vatPence: vat, grossPence: netPence + vat };
}
