import type { Channels } from '../outbox/event-types';
import type { OutboxEvent } from '../outbox/write-event';
import type { Cause } from '../tracing/cause';
import type { UnavailableLine } from './standing-view';

export const REMINDER_TYPE = 'standing_order.reminder';

/** A reminder is an e-mail only: the ERP has no use for it. */
export const REMINDER_CHANNELS: Channels = ['mail'];

/**
 * What the reminder e-mail of one delivery is written from, taken in the transaction that queued it: the
 * lines as they would be ordered then, those no longer sold, and where to review the delivery.
 */
export interface ReminderData {
  standingOrder: { code: string; name: string };
  deliveryDate: string;
  movedFrom: string | null;
  /** ISO 8601 with London's offset. */
  cutoff: string;
  shipTo: { code: string; name: string };
  /** The owner; `userId` (absent in reminders queued before it was added) names whose preferences decide. */
  recipient: { name: string; email: string; userId?: number };
  /** `available`: fewer cases are left for the delivery date than the line wants (docs/stock.md). */
  lines: { productCode: string; name: string; packSize: string; quantity: number; unitPricePence: number; netPence: number; available?: number }[];
  unavailable: UnavailableLine[];
  netPence: number;
  vatPence: number;
  grossPence: number;
  /**
   * Set when the delivery will not be ordered for want of approval (docs/approvals.md "Standing orders"): why,
   * and whether this copy goes to one of its deciders (a user, whose approvalRequests preference decides, or
   * an operator) rather than its owner.
   */
  approval?: { problem: string; decider: { userId: number | null } | null };
}

/** The reminder of one delivery for writeEvent, keyed by the standing order and the delivery's date. */
export function reminderEvent(data: ReminderData, cause: Cause): OutboxEvent<ReminderData> {
  return { type: REMINDER_TYPE, cause, key: `${data.standingOrder.code}/${data.deliveryDate}`, channels: REMINDER_CHANNELS, payload: data };
}
