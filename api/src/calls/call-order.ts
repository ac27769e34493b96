import type { CallOutcome } from '../db/schema';

/**
 * Where an entry stands (docs/calls.md): `toCall` (never called, or a call back whose time has come), `callBackLater`
 * (a call back still to come) or `done` ("Ordered" or "No order this week": kept, marked, at the end).
 */
export type CallState = 'toCall' | 'callBackLater' | 'done';

export interface Ordered {
  shipToName: string;
  shipToCode: string;
  range: string;
  cutoff: Date;
  latest: { outcome: CallOutcome; callBackAt: Date | null } | null;
}

export function callState(latest: Ordered['latest'], now: Date): CallState {
  if (!latest) return 'toCall';
  if (latest.outcome !== 'callBack') return 'done';
  return latest.callBackAt && latest.callBackAt.getTime() <= now.getTime() ? 'toCall' : 'callBackLater';
}

const GROUP: Record<CallState, number> = { toCall: 0, callBackLater: 1, done: 2 };

/** The time an entry sorts by within its group: a call back's time, else the cut-off. */
const sortTime = (entry: Ordered): number => (entry.latest?.outcome === 'callBack' && entry.latest.callBackAt ? entry.latest.callBackAt : entry.cutoff).getTime();

/**
 * The call list's order: entries to call first, a call back whose time has come by that time (it is past, so before
 * any cut-off still to come) and the others by cut-off, soonest first; then call backs still to come by their time;
 * then the entries done, by cut-off. Ties go by site name, code and range, so the order is stable.
 */
export function compareCalls(now: Date): (a: Ordered, b: Ordered) => number {
  return (a, b) =>
    GROUP[callState(a.latest, now)] - GROUP[callState(b.latest, now)] ||
    sortTime(a) - sortTime(b) ||
    a.shipToName.localeCompare(b.shipToName, 'en-GB') ||
    a.shipToCode.localeCompare(b.shipToCode) ||
    a.range.localeCompare(b.range);
}
