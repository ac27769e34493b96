import type { Db } from '../db/client';
import { formatLondonIso, londonWallClock } from '../time/london-time';
import { writeEvent } from '../outbox/write-event';
import type { Cause } from '../tracing/cause';
import { cutoffReminderEvent } from './cutoff-reminder-event';
import { dueDeliveries } from './due-reminders';
import { hasOrderFor, recordSent, reminderKey, remindedKeys, reminderRecipients, shipToRangesWithHours, type ShipToRangeRow } from './reminder-queries';
import { stillToOrder, type DeliveryCandidate } from './still-to-order';

type Candidate = DeliveryCandidate<ShipToRangeRow>;

const scheduleOf = (row: ShipToRangeRow) => ({ deliveryWeekdays: row.deliveryWeekdays, cutoffTime: row.cutoffTime });

/**
 * The scheduler's cut-off reminder step (docs/phone.md "Cut-off reminders"): for every ship-to's range whose
 * next delivery's cut-off is within its reminder hours, a usual ordering day with nothing ordered yet gets
 * one e-mail to each of the ship-to's users who want it. Deciding is read-only and batched; each reminder is
 * then recorded and its e-mails written to the outbox in one transaction, which the (ship-to, range, date)
 * key makes happen once however many processes run this at once. Answers how many reminders it sent.
 */
export async function sendCutoffReminders(db: Db, now: Date, defaultHours: number, cause: Cause): Promise<number> {
  const candidates: Candidate[] = [];
  for (const row of await shipToRangesWithHours(db, defaultHours)) {
    for (const delivery of dueDeliveries(now, scheduleOf(row), row.hours)) candidates.push({ row, delivery });
  }
  if (candidates.length === 0) return 0;
  const codes = [...new Set(candidates.map((candidate) => candidate.row.shipToCode))];
  let sent = 0;
  // Bounded statements, however many ship-tos share a cut-off.
  for (let start = 0; start < codes.length; start += SHIP_TOS_PER_BATCH) {
    const batch = new Set(codes.slice(start, start + SHIP_TOS_PER_BATCH));
    sent += await sendBatch(db, now, [...batch], candidates.filter((candidate) => batch.has(candidate.row.shipToCode)), cause);
  }
  return sent;
}

const SHIP_TOS_PER_BATCH = 500;

async function sendBatch(db: Db, now: Date, codes: string[], candidates: Candidate[], cause: Cause): Promise<number> {
  const today = londonWallClock(now).date;
  const reminded = await remindedKeys(db, codes, today);
  const open = candidates.filter(({ row, delivery }) => !reminded.has(reminderKey(row.shipToCode, row.range, delivery.date)));
  if (open.length === 0) return 0;

  let sent = 0;
  for (const candidate of await stillToOrder(db, now, codes, open)) {
    if (await sendOne(db, candidate, now, cause)) sent++;
  }
  return sent;
}

/** Records one reminder and writes its e-mails, unless an order came in meanwhile or another process sent it. */
async function sendOne(db: Db, { row, delivery }: Candidate, now: Date, cause: Cause): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (await hasOrderFor(tx, row.shipToCode, row.range, delivery.date)) return false;
    if (!(await recordSent(tx, row.shipToCode, row.range, delivery.date, now))) return false;
    for (const recipient of await reminderRecipients(tx, row.shipToCode)) {
      await writeEvent(
        tx,
        cutoffReminderEvent({
          shipTo: { code: row.shipToCode, name: row.shipToName },
          range: { code: row.range, name: row.rangeName },
          deliveryDate: delivery.date,
          movedFrom: delivery.movedFrom,
          cutoff: formatLondonIso(delivery.cutoff),
          recipient,
        }, cause),
      );
    }
    return true;
  });
}
