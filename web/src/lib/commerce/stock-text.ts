import type { StockNotice } from './types';

// Delivery dates are calendar dates: read at midday UTC they are the same day in London all year.
const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });
const dayMonth = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const atMidday = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`);

/** "Only 6 left for Tue", "Out of stock for Tue — back on Thu 3 Dec" or "Out of stock for Tue" (docs/stock.md). */
export function stockNoticeText(notice: StockNotice): string {
  const day = weekday.format(atMidday(notice.deliveryDate));
  if (notice.available > 0) return `Only ${notice.available} left for ${day}`;
  if (notice.backOn === null) return `Out of stock for ${day}`;
  return `Out of stock for ${day} — back on ${dayMonth.format(atMidday(notice.backOn)).replace(',', '')}`;
}

/** The cases a cart line can have instead, when it wants more than are left and some are: the "Take the 6 left" offer. */
export const restOnOffer = (notice: StockNotice | undefined, quantity: number): number | undefined =>
  notice !== undefined && notice.available > 0 && notice.available < quantity ? notice.available : undefined;
