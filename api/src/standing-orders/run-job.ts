import type { Tx } from '../db/client';
import { londonWallClock } from '../time/london-time';
import type { Cause } from '../tracing/cause';
import { deliveryState } from './delivery-service';
import type { ClaimedJob, JobOutcome } from './jobs';
import { placeDelivery } from './place-delivery';
import { sendReminder } from './send-reminder';
import { lockStandingOrderById, saveDeliveryRecord } from './standing-queries';

export const MISSED = 'Not ordered: the scheduler was not running between the cut-off and the delivery date';

/**
 * Does one claimed job, deciding from the standing order as it is now (locked, so a customer's change and
 * the cut-off cannot interleave): the rule may have changed, the delivery been skipped or the lines changed
 * since the job was queued.
 */
export async function runJob(tx: Tx, job: ClaimedJob, now: Date, cause: Cause): Promise<JobOutcome> {
  const scoped = await lockStandingOrderById(tx, job.standingOrderId);
  if (!scoped) return 'obsolete';
  if (scoped.standingOrder.status !== 'active') return 'postponed';
  const state = await deliveryState(tx, scoped, job.deliveryDate);
  if (!state || state.delivery.holidaySkipped || state.record?.orderId || state.record?.problem) return 'obsolete';
  if (state.record?.skipped) return 'skipped';
  const { delivery } = state;
  // Paused at the cut-off: not ordered after resuming (the storefront shows why, standing-view.ts).
  if (delivery.cutoff.getTime() <= scoped.standingOrder.activeSince.getTime()) return 'obsolete';
  if (job.kind === 'reminder') {
    if (now.getTime() >= delivery.cutoff.getTime()) return 'late';
    return (await sendReminder(tx, scoped, state, cause)) ? 'sent' : 'skipped';
  }
  if (delivery.date <= londonWallClock(now).date) {
    await saveDeliveryRecord(tx, scoped.standingOrder.id, delivery.date, { problem: MISSED });
    return 'failed';
  }
  const placement = await placeDelivery(tx, scoped, state, cause);
  return placement.placed ? 'placed' : 'failed';
}
