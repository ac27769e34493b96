import type { OrderLine } from '@/lib/commerce/types';
import { site } from '@/lib/site-config';

/** What each status means to a customer, in the words the shop uses everywhere (badges, notes, e-mails). */
const STATUS_LABELS: Record<string, string> = {
  pendingApproval: 'Waiting for approval',
  awaitingCredit: 'Waiting for credit',
  rejected: 'Rejected',
  expired: 'Expired',
  placed: 'Placed',
  confirmed: 'Confirmed',
  picking: 'Being picked',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const statusLabel = (status: string): string => STATUS_LABELS[status] ?? status;

/** Cases not delivered on a line; 0 when complete, not yet reported, or sent as a substitute (its own quantity). */
export const shortBy = (line: Pick<OrderLine, 'quantity' | 'deliveredQuantity'> & { substitution?: object | null }): number =>
  line.deliveredQuantity === null || line.deliveredQuantity === undefined || line.substitution ? 0 : Math.max(line.quantity - line.deliveredQuantity, 0);

export const hasDeliveredQuantities = (lines: Pick<OrderLine, 'deliveredQuantity'>[]): boolean => lines.some((line) => line.deliveredQuantity !== null && line.deliveredQuantity !== undefined);

/**
 * Why an order can no longer be changed, in the customer's words, with what they can still do: the status as the
 * badge names it ("Being picked"), never the internal value, and who to call.
 */
export const closedOrderText = (code: string, status: string): string =>
  status === 'cancelled'
    ? `Order ${code} is cancelled: nothing will be delivered and nothing is charged. Reorder puts its products in your cart again.`
    : status === 'rejected'
      ? `Order ${code} was rejected: nothing will be delivered and nothing is charged. Reorder puts its products in your cart again.`
      : `Order ${code} is ${statusLabel(status).toLowerCase()} and can no longer be changed online. To change it, call us on ${site.phone} (${site.hours}).`;
