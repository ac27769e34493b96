import { formatShortDate } from './dates';
import type { GuideLine } from './weekly-schemas';

/** "Ordered 3 times, last on 12 Nov 2026 (4 cases)", or why a product is in the guide without orders. */
export function guideHistory(line: GuideLine): string {
  if (line.timesOrdered === 0 || line.lastOrderedAt === null) return 'Not ordered in the last 90 days';
  const times = line.timesOrdered === 1 ? 'once' : `${line.timesOrdered} times`;
  const last = line.lastQuantity === null ? '' : ` (${line.lastQuantity} ${line.lastQuantity === 1 ? 'case' : 'cases'})`;
  return `Ordered ${times}, last on ${formatShortDate(line.lastOrderedAt)}${last}`;
}
