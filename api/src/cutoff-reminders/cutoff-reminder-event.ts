import type { Channels } from '../outbox/event-types';
import type { OutboxEvent } from '../outbox/write-event';
import type { Cause } from '../tracing/cause';

export const CUTOFF_REMINDER_TYPE = 'cutoff.reminder';

/** A cut-off reminder is an e-mail only: the ERP has no use for it. */
export const CUTOFF_REMINDER_CHANNELS: Channels = ['mail'];

/** What one user's reminder is written from, taken in the transaction that recorded it as sent. */
export interface CutoffReminderData {
  shipTo: { code: string; name: string };
  range: { code: string; name: string };
  deliveryDate: string;
  /** The usual weekday's own date when a bank holiday moved the delivery to `deliveryDate`. */
  movedFrom: string | null;
  /** ISO 8601 with London's offset. */
  cutoff: string;
  recipient: { userId: number; name: string; email: string };
}

/** One user's reminder, keyed by the ship-to, range and delivery date (the once-only key) and the user; caused by the job's pass. */
export function cutoffReminderEvent(data: CutoffReminderData, cause: Cause): OutboxEvent<CutoffReminderData> {
  return {
    type: CUTOFF_REMINDER_TYPE,
    cause,
    key: `${data.shipTo.code}/${data.range.code}/${data.deliveryDate}/${data.recipient.userId}`,
    channels: CUTOFF_REMINDER_CHANNELS,
    payload: data,
  };
}
