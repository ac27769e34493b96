import type { AccountProblem } from '../accounts/problems';

/**
 * Refusals of catalogue reads, as plain values; `catalogue/problem-answers.ts` gives their HTTP answers.
 * A ship-to, sold-to or product the caller may not see is refused exactly like one that does not exist.
 */
export type CatalogueProblem =
  | AccountProblem
  | { kind: 'soldToWithoutShipTo' }
  | { kind: 'soldToNotFound'; soldTo: string; shipTo: string }
  | { kind: 'productNotFound'; code: string }
  | { kind: 'catalogNotFound'; catalog: string; version: string }
  | { kind: 'rangeUnknown'; range: string };
