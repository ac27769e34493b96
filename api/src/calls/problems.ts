import type { IsoDate } from '../time/calendar-date';

/** Refusals of recording a call's outcome, as plain values; `calls/problem-answers.ts` answers them. */
export type CallProblem =
  /** Unknown, or outside the operator's customers: answered alike (404). */
  | { kind: 'shipToNotFound'; shipTo: string }
  | { kind: 'rangeNotDelivered'; shipTo: string; range: string }
  | { kind: 'deliveryPast'; deliveryDate: IsoDate }
  | { kind: 'callBackPast' };
