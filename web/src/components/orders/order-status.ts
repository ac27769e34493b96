import type { OrderLine } from '@/lib/commerce/types';

/** What each status means to a customer, in the words the shop uses everywhere (badges, notes, e-mails). */
const STATUS_LABELS: Record<string, string> = {
  placed: 'Placed',
  confirmed: 'Confirmed',
  picking: 'Being picked',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const statusLabel = (status: string): string => STATUS_LABELS[status] ?? status;

/** Cases not delivered on a line; 0 when complete or not yet reported. */
export const shortBy = (line: Pick<OrderLine, 'quantity' | 'deliveredQuantity'>): number =>
  line.deliveredQuantity === null || line.deliveredQuantity === undefined ? 0 : Math.max(line.quantity - line.deliveredQuantity, 0);

export const hasDeliveredQuantities = (lines: Pick<OrderLine, 'deliveredQuantity'>[]): boolean => lines.some((line) => line.deliveredQuantity !== null && line.deliveredQuantity !== undefined);
