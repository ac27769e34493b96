/** Money is integer pence in GBP everywhere; floats appear only in the formatted text. */
export interface Money {
  currencyIso: 'GBP';
  valuePence: number;
  formattedValue: string;
}

/**
 * Pence as en-GB pounds ("£1,234.56", "-£0.05"), exactly as Intl.NumberFormat('en-GB', GBP) writes them but
 * in integer arithmetic and several times faster: every cart and order line formats three amounts.
 */
export function formatPence(pence: number): string {
  const whole = Math.abs(pence);
  const units = Math.trunc(whole / 100);
  // Most prices are under £1,000: a cart answer formats hundreds of them, and the separators' pattern is dearest.
  const pounds = units < 1000 ? String(units) : String(units).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${pence < 0 ? '-' : ''}£${pounds}.${String(whole % 100).padStart(2, '0')}`;
}

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
