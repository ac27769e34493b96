import type { IsoDate } from '../time/calendar-date';

/** An order of a site's range, as the call list reads its history. */
interface PastOrder {
  deliveryDate: IsoDate;
  netPence: number;
}

/** The middle value, or the mean of the two middle values rounded to the penny; null for none. */
export function medianPence(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] as number;
  return Math.round(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
}

/**
 * What a site usually orders for a delivery (docs/calls.md): the median net value of its orders delivered on the
 * dates that made the day usual (cutoff-reminders/due-reminders.ts `pastWeeks`), so one large or small week does
 * not move it much.
 */
export function usualValuePence(orders: readonly PastOrder[], usualWeeks: readonly IsoDate[][]): number | null {
  const dates = new Set(usualWeeks.flat());
  return medianPence(orders.filter((order) => dates.has(order.deliveryDate)).map((order) => order.netPence));
}
