import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { creditRequestLines, creditRequests } from '../db/schema';
import type { Clock } from '../delivery/delivery-dates';
import { recordAudit } from '../audit/record-audit';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import { writeCreditDecided } from './credit-decided-mail';
import { creditColleagues } from './credit-recipients';
import { creditLinesOf, creditRequestByCode, type CreditLineRecord, type CreditRequestRecord } from './credit-queries';
import { lineOutcomes, sumCreditedPence, type DecisionLineInput, type LineOutcome, type RequestedLine } from './credited-lines';
import { canMoveCredit, isCreditStatus, isDecided, type DecisionStatus } from './credit-status';
import type { CreditProblem } from './problems';
import type { Cause } from '../tracing/cause';

export interface CreditDecisionInput {
  status: DecisionStatus;
  /** Pence, the credited gross: the requested gross when accepted, less when partly accepted, 0 when rejected. */
  amount?: number;
  /** Cases credited per line; when partly accepted, the amount is worked out from them. */
  lines?: DecisionLineInput[];
  /** Required to reject; sent to the buyer. */
  note?: string;
  creditNoteNumber?: string;
}

/** Who decided: 'operator:<e-mail>' or 'client:<client id>', and the operator for the audit log. */
export interface CreditDecider {
  decidedBy: string;
  operatorId: number | null;
  /** The request deciding: the decision's mails carry it (tracing/cause.ts). */
  cause: Cause;
}

/**
 * The amount a decision credits, by the rules of docs/after-delivery.md "Credit requests": accepted credits the
 * requested gross, partly accepted something between nothing and all of it, rejected nothing. `linesPence` is
 * what the decision's lines credit, when it named them: a partly accepted amount is then theirs.
 */
export function creditedAmount(input: Pick<CreditDecisionInput, 'status' | 'amount'>, grossPence: number, linesPence?: number): Result<number, CreditProblem> {
  const { status, amount } = input;
  if (amount !== undefined && amount > grossPence) return fail({ kind: 'amountAboveRequested', amount, grossPence });
  if (status === 'partlyAccepted' && linesPence !== undefined) {
    if (amount !== undefined && amount !== linesPence) return fail({ kind: 'amountNotLines', amount, linesPence });
    if (linesPence <= 0 || linesPence >= grossPence) return fail({ kind: 'linesNotPartial', linesPence, grossPence });
    return ok(linesPence);
  }
  switch (status) {
    case 'accepted':
      if (amount !== undefined && amount !== grossPence) return fail({ kind: 'amountNotRequested', status, amount, grossPence });
      return ok(grossPence);
    case 'partlyAccepted':
      if (amount === undefined) return fail({ kind: 'amountRequired', status });
      if (amount <= 0 || amount >= grossPence) return fail({ kind: 'amountNotRequested', status, amount, grossPence });
      return ok(amount);
    case 'rejected':
      if (amount !== undefined && amount !== 0) return fail({ kind: 'amountNotRequested', status, amount, grossPence });
      return ok(0);
  }
}

/**
 * Decides a credit request once, for the ERP or an operator, in one transaction: the request is locked, the
 * move checked against the transition table (a decided request is final: 409), the amount against the rules,
 * then the decision, its audit entry and the buyer's e-mail (credit.decided) are written together.
 */
export async function decideCreditRequest(db: Db, clock: Clock, code: string, input: CreditDecisionInput, decider: CreditDecider): Promise<Result<CreditRequestRecord, CreditProblem>> {
  if (input.status === 'rejected' && !input.note) return fail({ kind: 'noteRequired' });
  return inTransaction(db, async (tx) => {
    const decided = await decide(tx, clock, code, input, decider);
    if (!decided.ok) return decided;
    const record = await creditRequestByCode(tx, code);
    return record ? ok(record) : fail({ kind: 'creditRequestNotFound', code });
  });
}

async function decide(tx: Tx, clock: Clock, code: string, input: CreditDecisionInput, decider: CreditDecider): Promise<Result<true, CreditProblem>> {
  const [locked] = await tx.select().from(creditRequests).where(eq(creditRequests.code, code)).for('update');
  if (!locked) return fail({ kind: 'creditRequestNotFound', code });
  const from = isCreditStatus(locked.status) ? locked.status : 'requested';
  if (isDecided(from) || !canMoveCredit(from, input.status)) return fail({ kind: 'alreadyDecided', code, status: from });
  const requested = (await creditLinesOf(tx, [locked.id])).get(locked.id) ?? [];
  const outcomes = lineOutcomes(input.status, requested.map(asRequestedLine), input.lines);
  if (!outcomes.ok) return outcomes;
  const amount = creditedAmount(input, locked.grossPence, input.lines && outcomes.value ? sumCreditedPence(outcomes.value) : undefined);
  if (!amount.ok) return amount;
  const change = {
    status: input.status,
    creditedPence: amount.value,
    decisionNote: input.note ?? null,
    creditNoteNumber: input.creditNoteNumber ?? null,
    decidedBy: decider.decidedBy,
    decidedAt: clock(),
  };
  await tx.update(creditRequests).set(change).where(eq(creditRequests.id, locked.id));
  if (outcomes.value) await recordLineOutcomes(tx, locked.id, outcomes.value);
  await recordAudit(tx, {
    operatorId: decider.operatorId,
    action: 'creditRequest.decide',
    subject: `creditRequest:${code}`,
    before: { status: from, grossPence: locked.grossPence },
    after: {
      status: change.status,
      creditedPence: change.creditedPence,
      lines: outcomes.value,
      note: change.decisionNote,
      creditNoteNumber: change.creditNoteNumber,
      decidedBy: change.decidedBy,
    },
  });
  const record = await creditRequestByCode(tx, code);
  if (!record) return fail({ kind: 'creditRequestNotFound', code });
  const decided = {
    code,
    orderCode: record.orderCode,
    shipTo: { code: locked.shipToCode, name: record.shipToName },
    status: input.status,
    grossPence: locked.grossPence,
    creditedPence: amount.value,
    lines: outcomes.value ? decidedLines(requested, outcomes.value) : null,
    note: change.decisionNote,
    creditNoteNumber: change.creditNoteNumber,
  };
  // The buyer, who had the request's e-mail, and every other user of the ship-to.
  for (const recipient of [record.buyer, ...(await creditColleagues(tx, locked.shipToCode, record.buyer))]) await writeCreditDecided(tx, { creditRequest: decided, recipient }, decider.cause);
  return ok(true);
}

const asRequestedLine = (line: CreditLineRecord): RequestedLine => ({
  entryNumber: line.lineNumber,
  quantity: line.quantity,
  unitPricePence: line.unitPricePence,
  vatRateBp: line.vatRateBp,
  grossPence: line.netPence + line.vatPence,
});

async function recordLineOutcomes(tx: Tx, requestId: number, outcomes: LineOutcome[]): Promise<void> {
  for (const line of outcomes) {
    await tx
      .update(creditRequestLines)
      .set({ creditedQuantity: line.creditedQuantity, creditedPence: line.creditedPence })
      .where(and(eq(creditRequestLines.creditRequestId, requestId), eq(creditRequestLines.lineNumber, line.entryNumber)));
  }
}

/** The lines as the decision's e-mail tells them: the product, the cases asked for and what was credited. */
function decidedLines(requested: CreditLineRecord[], outcomes: LineOutcome[]) {
  const byEntry = new Map(outcomes.map((line) => [line.entryNumber, line]));
  return requested.map((line) => ({
    entryNumber: line.lineNumber,
    productCode: line.productCode,
    name: line.name,
    quantity: line.quantity,
    creditedQuantity: byEntry.get(line.lineNumber)?.creditedQuantity ?? 0,
    creditedPence: byEntry.get(line.lineNumber)?.creditedPence ?? 0,
  }));
}
