import { z } from 'zod';
import { lazyFormat } from '../commerce/lazy-format';

/** The call list as GET /admin/v1/calls answers it (docs/calls.md). */
export const CALL_OUTCOMES = ['ordered', 'noOrderThisWeek', 'callBack'] as const;

export const recordedOutcomeSchema = z.object({
  outcome: z.enum(CALL_OUTCOMES),
  callBackAt: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
  operator: z.object({ id: z.number(), name: z.string() }),
});
type RecordedOutcome = z.infer<typeof recordedOutcomeSchema>;

const codeName = z.object({ code: z.string(), name: z.string() });
const callEntrySchema = z.object({
  shipTo: z.object({ code: z.string(), name: z.string(), phone: z.string().nullable() }),
  soldTo: codeName,
  range: codeName,
  deliveryDate: z.string(),
  movedFrom: z.string().nullable(),
  cutoff: z.string(),
  lastOrder: z.object({ code: z.string(), placedAt: z.string(), deliveryDate: z.string(), netPence: z.number() }).nullable(),
  usualValuePence: z.number().nullable(),
  latestOutcome: recordedOutcomeSchema.nullable(),
  state: z.enum(['toCall', 'callBackLater', 'done']),
});
export type CallEntry = z.infer<typeof callEntrySchema>;
export const callListSchema = z.object({ entries: z.array(callEntrySchema) });

const timeFormat = lazyFormat(() => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Europe/London' }));

/** An instant as London's time of day: '14:30'. The call list is about today, so the time says enough. */
export const londonTime = (iso: string): string => timeFormat().format(new Date(iso));

/** What came of a call, in the words: "Ordered", "No order this week", "Call back at 14:30". */
export function outcomeText(outcome: Pick<RecordedOutcome, 'outcome' | 'callBackAt'>): string {
  if (outcome.outcome === 'ordered') return 'Ordered';
  if (outcome.outcome === 'noOrderThisWeek') return 'No order this week';
  return `Call back at ${outcome.callBackAt ? londonTime(outcome.callBackAt) : '…'}`;
}

/** "Called by Sam Reed at 10:42: Call back at 14:30", with the note after it when there is one. */
export function calledText(outcome: RecordedOutcome): string {
  return `Called by ${outcome.operator.name} at ${londonTime(outcome.at)}: ${outcomeText(outcome)}`;
}

/**
 * The instant of a time typed for today ('14:30'), today being the cut-off's day in London: the cut-off carries
 * London's offset for that day ('2026-11-30T14:00:00+00:00'), which the time is read with. Null for no time.
 */
export function callBackInstant(typed: string, cutoff: string): string | null {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(typed)) return null;
  const offset = /([+-]\d\d:\d\d|Z)$/.exec(cutoff)?.[1];
  if (!offset) return null;
  return `${cutoff.slice(0, 10)}T${typed}:00${offset}`;
}
