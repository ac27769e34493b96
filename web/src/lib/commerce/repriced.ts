import { formatCalendarDate } from './dates';
import type { Cart } from './types';

export interface RepricedLine {
  name: string;
  from: string;
  to: string;
}

/** The lines whose case price differs between two readings of one cart (before and after a new delivery date). */
export function repricedLines(before: Pick<Cart, 'entries'>, after: Pick<Cart, 'entries'>): RepricedLine[] {
  const earlier = new Map(before.entries.map((entry) => [entry.entryNumber, entry.basePrice]));
  return after.entries.flatMap((entry) => {
    const was = earlier.get(entry.entryNumber);
    return was && was.valuePence !== entry.basePrice.valuePence ? [{ name: entry.product.name, from: was.formattedValue, to: entry.basePrice.formattedValue }] : [];
  });
}

/**
 * What the checkout says after a new delivery date re-priced the cart: "Prices for Friday 4 December 2026: Brie
 * now £9.00 a case (was £10.00)." Null when no line's price moved.
 */
export function repricedText(date: string, lines: readonly RepricedLine[]): string | null {
  if (lines.length === 0) return null;
  const changes = lines.map((line) => `${line.name} now ${line.to} a case (was ${line.from})`).join('; ');
  return `Prices for ${formatCalendarDate(date)}: ${changes}.`;
}
