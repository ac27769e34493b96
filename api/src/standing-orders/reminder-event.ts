import type { UnavailableLine } from './standing-view';

export const REMINDER_TYPE = 'standing_order.reminder';

/**
 * What the reminder e-mail of one delivery is written from, taken in the transaction that queued it: the
 * lines as they would be ordered then, those no longer sold, and where to review the delivery.
 */
export interface ReminderEvent {
  type: typeof REMINDER_TYPE;
  timestamp: string;
  data: {
    standingOrder: { code: string; name: string };
    deliveryDate: string;
    movedFrom: string | null;
    /** ISO 8601 with London's offset. */
    cutoff: string;
    shipTo: { code: string; name: string };
    recipient: { name: string; email: string };
    lines: { productCode: string; name: string; packSize: string; quantity: number; unitPricePence: number; netPence: number }[];
    unavailable: UnavailableLine[];
    netPence: number;
    vatPence: number;
    grossPence: number;
  };
}
