import { fail, ok, type Result } from '../errors/result';
import { lineAmounts } from '../pricing/money';
import type { DecisionStatus } from './credit-status';
import type { CreditProblem } from './problems';

/** How many cases of one line a decision credits, as the ERP or the back office sends it. */
export interface DecisionLineInput {
  entryNumber: number;
  creditedQuantity: number;
}

/** A line of the request as the decision prices it: the cases asked for, at the order line's own prices. */
export interface RequestedLine {
  entryNumber: number;
  quantity: number;
  unitPricePence: number;
  vatRateBp: number;
  /** What the line asked for, VAT included, as the request stored it. */
  grossPence: number;
}

/** What a decision credits of one line: cases, and their gross in pence. */
export interface LineOutcome {
  entryNumber: number;
  creditedQuantity: number;
  creditedPence: number;
}

/**
 * A line's credited gross, priced as the check-in priced the request (pricing/money lineAmounts: VAT per line,
 * rounded half up). A whole line is what the request stored for it, which that pricing gives anyway: taking it
 * as stored keeps an accepted request's lines adding up to its gross whatever happened to the order since.
 */
export function creditedLinePence(line: RequestedLine, creditedQuantity: number): number {
  if (creditedQuantity === line.quantity) return line.grossPence;
  const { netPence, vatPence } = lineAmounts(line.unitPricePence, creditedQuantity, line.vatRateBp);
  return netPence + vatPence;
}

const outcome = (line: RequestedLine, creditedQuantity: number): LineOutcome => ({
  entryNumber: line.entryNumber,
  creditedQuantity,
  creditedPence: creditedLinePence(line, creditedQuantity),
});

/** The cases a status itself credits: all of every line when accepted, none when rejected. */
function impliedQuantity(status: DecisionStatus, line: RequestedLine): number | undefined {
  if (status === 'accepted') return line.quantity;
  if (status === 'rejected') return 0;
  return undefined;
}

/**
 * Per line, what a decision credits (docs/after-delivery.md "Who decides, and the amounts"). Accepted credits every
 * line in full and rejected none, so their lines may be left out (if sent, they must say the same). Partly
 * accepted with lines names every line of the request once, each at most the cases asked for; partly accepted by
 * an amount alone leaves the lines unknown (null).
 */
export function lineOutcomes(status: DecisionStatus, requested: RequestedLine[], given: DecisionLineInput[] | undefined): Result<LineOutcome[] | null, CreditProblem> {
  if (given === undefined) {
    if (status === 'partlyAccepted') return ok(null);
    return ok(requested.map((line) => outcome(line, impliedQuantity(status, line) ?? 0)));
  }
  const byEntry = new Map(requested.map((line) => [line.entryNumber, line]));
  const credited = new Map<number, number>();
  for (const [index, line] of given.entries()) {
    const asked = byEntry.get(line.entryNumber);
    if (!asked) return fail({ kind: 'decisionLineUnknown', index, entryNumber: line.entryNumber });
    if (credited.has(line.entryNumber)) return fail({ kind: 'decisionLineRepeated', index, entryNumber: line.entryNumber });
    if (line.creditedQuantity > asked.quantity) return fail({ kind: 'creditedAboveRequested', index, entryNumber: line.entryNumber, quantity: asked.quantity });
    const implied = impliedQuantity(status, asked);
    if (implied !== undefined && line.creditedQuantity !== implied) return fail({ kind: 'lineDisagreesWithStatus', index, status, entryNumber: line.entryNumber, quantity: asked.quantity });
    credited.set(line.entryNumber, line.creditedQuantity);
  }
  // A decision is final: a line left out is refused rather than guessed at.
  const missing = requested.find((line) => !credited.has(line.entryNumber));
  if (missing) return fail({ kind: 'decisionLineMissing', entryNumber: missing.entryNumber });
  return ok(requested.map((line) => outcome(line, credited.get(line.entryNumber) ?? 0)));
}

export const sumCreditedPence = (outcomes: LineOutcome[]): number => outcomes.reduce((sum, line) => sum + line.creditedPence, 0);
