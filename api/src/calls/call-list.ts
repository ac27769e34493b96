import type { DbOrTx } from '../db/client';
import { dueDeliveries, pastWeeks, WEEKS_LOOKED_AT } from '../cutoff-reminders/due-reminders';
import { stillToOrder, type DeliveryCandidate } from '../cutoff-reminders/still-to-order';
import { addDays, type IsoDate } from '../time/calendar-date';
import { formatLondonIso, londonWallClock } from '../time/london-time';
import { callState, compareCalls, type CallState } from './call-order';
import { callDeliveryKey, callSiteKey, lastOrders, latestOutcomes, ordersDelivered, sitesInScope, type CallSite, type LastOrder, type RecordedOutcome, type SoldToScope } from './call-queries';
import { usualValuePence } from './usual-value';

interface CallEntry {
  shipTo: { code: string; name: string; phone: string | null };
  soldTo: { code: string; name: string };
  range: { code: string; name: string };
  deliveryDate: IsoDate;
  /** The usual weekday's own date when a bank holiday moved the delivery. */
  movedFrom: IsoDate | null;
  /** ISO 8601 with London's offset. */
  cutoff: string;
  lastOrder: { code: string; placedAt: string; deliveryDate: IsoDate; netPence: number } | null;
  usualValuePence: number | null;
  latestOutcome: { outcome: RecordedOutcome['outcome']; callBackAt: string | null; note: string | null; at: string; operator: RecordedOutcome['operator'] } | null;
  state: CallState;
}

/** A cut-off is never more than a day ahead when it falls later today: the reminder window that covers all of today. */
const REST_OF_TODAY_HOURS = 24;
/** Bounded statements, however many sites an operator looks after (as the cut-off reminders batch them). */
const SHIP_TOS_PER_BATCH = 500;

const asLastOrder = (order: LastOrder | undefined): CallEntry['lastOrder'] =>
  order ? { code: order.code, placedAt: order.placedAt.toISOString(), deliveryDate: order.deliveryDate, netPence: order.netPence } : null;

const asOutcome = (outcome: RecordedOutcome | undefined): CallEntry['latestOutcome'] =>
  outcome ? { outcome: outcome.outcome, callBackAt: outcome.callBackAt?.toISOString() ?? null, note: outcome.note, at: outcome.at.toISOString(), operator: outcome.operator } : null;

/**
 * The call list at `now` (docs/calls.md): every ship-to's range in the scope with a delivery whose cut-off is later
 * today (London) that the site usually orders for and has not ordered yet, by the cut-off reminder's own rule
 * (cutoff-reminders/still-to-order.ts), with its phone, last order, usual value and the newest call outcome,
 * in the order compareCalls gives. Seven statements per 500 ship-tos, none per site.
 */
export async function callList(db: DbOrTx, now: Date, scope: SoldToScope): Promise<CallEntry[]> {
  const today = londonWallClock(now).date;
  const candidates: DeliveryCandidate<CallSite>[] = [];
  for (const row of await sitesInScope(db, scope)) {
    for (const delivery of dueDeliveries(now, row, REST_OF_TODAY_HOURS)) {
      if (londonWallClock(delivery.cutoff).date === today) candidates.push({ row, delivery });
    }
  }
  const codes = [...new Set(candidates.map((candidate) => candidate.row.shipToCode))];
  const entries: CallEntry[] = [];
  for (let start = 0; start < codes.length; start += SHIP_TOS_PER_BATCH) {
    const batch = new Set(codes.slice(start, start + SHIP_TOS_PER_BATCH));
    entries.push(...(await batchEntries(db, now, [...batch], candidates.filter((candidate) => batch.has(candidate.row.shipToCode)))));
  }
  const sortable = entries.map((entry) => ({
    entry,
    shipToName: entry.shipTo.name,
    shipToCode: entry.shipTo.code,
    range: entry.range.code,
    cutoff: new Date(entry.cutoff),
    latest: entry.latestOutcome ? { outcome: entry.latestOutcome.outcome, callBackAt: entry.latestOutcome.callBackAt ? new Date(entry.latestOutcome.callBackAt) : null } : null,
  }));
  return sortable.sort(compareCalls(now)).map(({ entry }) => entry);
}

async function batchEntries(db: DbOrTx, now: Date, codes: string[], candidates: DeliveryCandidate<CallSite>[]): Promise<CallEntry[]> {
  const due = await stillToOrder(db, now, codes, candidates);
  if (due.length === 0) return [];
  const dueCodes = [...new Set(due.map(({ row }) => row.shipToCode))];
  const today = londonWallClock(now).date;
  const earliest = due.reduce<IsoDate>((min, { delivery }) => (delivery.ownDate < min ? delivery.ownDate : min), today);
  const history = await ordersDelivered(db, dueCodes, addDays(earliest, -7 * WEEKS_LOOKED_AT), today);
  const last = await lastOrders(db, dueCodes);
  const outcomes = await latestOutcomes(db, dueCodes, today);
  return due.map(({ row, delivery }) => {
    const site = callSiteKey(row.shipToCode, row.range);
    const latest = outcomes.get(callDeliveryKey(row.shipToCode, row.range, delivery.date));
    return {
      shipTo: { code: row.shipToCode, name: row.shipToName, phone: row.phone },
      soldTo: { code: row.soldToCode, name: row.soldToName },
      range: { code: row.range, name: row.rangeName },
      deliveryDate: delivery.date,
      movedFrom: delivery.movedFrom,
      cutoff: formatLondonIso(delivery.cutoff),
      lastOrder: asLastOrder(last.get(site)),
      usualValuePence: usualValuePence(history.get(site) ?? [], pastWeeks(delivery.ownDate, row)),
      latestOutcome: asOutcome(latest),
      state: callState(latest ?? null, now),
    };
  });
}
