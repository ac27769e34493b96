import type { IsoDate } from '../time/calendar-date';

/**
 * What a card, product page or cart line says of a product's stock for the delivery date it is bought for
 * (docs/stock.md): "Only 6 left for Tue", or "Out of stock for Tue — back on Thu 3 Dec" (`backOn` null when the
 * ERP has not said when).
 */
export interface StockNotice {
  deliveryDate: IsoDate;
  available: number;
  backOn: IsoDate | null;
}

/** A product's stock row for one delivery date. */
export interface StockLevel {
  deliveryDate: IsoDate;
  available: number;
}

/**
 * At most this many cases left is worth saying on a card; more limits the cart but is not news to the customer.
 * Written also in migration 0032_low_stock_notify (its trigger and index), which the low stock copy depends on.
 */
export const FEW_LEFT_CASES = 20;

/**
 * The notice for `date` from a product's rows on that date and after it: none where it has no row for the date
 * (not limited) or more than a few cases; when none are left, the first later date with some.
 */
export function stockNotice(levels: readonly StockLevel[], date: IsoDate): StockNotice | undefined {
  const onDate = levels.find((level) => level.deliveryDate === date);
  if (onDate === undefined || onDate.available > FEW_LEFT_CASES) return undefined;
  if (onDate.available > 0) return { deliveryDate: date, available: onDate.available, backOn: null };
  const later = levels.filter((level) => level.deliveryDate > date && level.available > 0).map((level) => level.deliveryDate);
  return { deliveryDate: date, available: 0, backOn: later.length === 0 ? null : later.reduce((first, next) => (next < first ? next : first)) };
}

/**
 * The notice of a cart line of `quantity` cases: as a card's, and also whenever the line wants more than is left,
 * however many that is (the cart offers to take what is left).
 */
export function lineStockNotice(levels: readonly StockLevel[], date: IsoDate, quantity: number): StockNotice | undefined {
  const onDate = levels.find((level) => level.deliveryDate === date);
  if (onDate !== undefined && onDate.available < quantity && onDate.available > FEW_LEFT_CASES) return { deliveryDate: date, available: onDate.available, backOn: null };
  return stockNotice(levels, date);
}
