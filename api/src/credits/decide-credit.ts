import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { creditRequests } from '../db/schema';
import type { Clock } from '../delivery/delivery-dates';
import { recordAudit } from '../audit/record-audit';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import { writeCreditDecided } from './credit-decided-mail';
import { creditColleagues } from './credit-recipients';
import { creditRequestByCode, type CreditRequestRecord } from './credit-queries';
import { canMoveCredit, isCreditStatus, isDecided, type DecisionStatus } from './credit-status';
import type { CreditProblem } from './problems';

export interface CreditDecisionInput {
  status: DecisionStatus;
  /** Pence, the credited gross: the requested gross when accepted, less when partly accepted, 0 when rejected. */
  amount?: number;
  /** Required to reject; sent to the buyer. */
  note?: string;
  creditNoteNumber?: string;
}

/** Who decided: 'operator:<e-mail>' or 'client:<client id>', and the operator for the audit log. */
export interface CreditDecider {
  decidedBy: string;
  operatorId: number | null;
}

/**
 * The amount a decision credits, by the rules of docs/after-delivery.md "Credit requests": accepted credits the
 * requested gross, partly accepted something between nothing and all of it, rejected nothing.
 */
export function creditedAmount(input: Pick<CreditDecisionInput, 'status' | 'amount'>, grossPence: number): Result<number, CreditProblem> {
  const { status, amount } = input;
  if (amount !== undefined && amount > grossPence) return fail({ kind: 'amountAboveRequested', amount, grossPence });
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
  const amount = creditedAmount(input, locked.grossPence);
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
  await recordAudit(tx, {
    operatorId: decider.operatorId,
    action: 'creditRequest.decide',
    subject: `creditRequest:${code}`,
    before: { status: from, grossPence: locked.grossPence },
    after: { status: change.status, creditedPence: change.creditedPence, note: change.decisionNote, creditNoteNumber: change.creditNoteNumber, decidedBy: change.decidedBy },
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
    note: change.decisionNote,
    creditNoteNumber: change.creditNoteNumber,
  };
  // The buyer, who had the request's e-mail, and every other user of the ship-to.
  for (const recipient of [record.buyer, ...(await creditColleagues(tx, locked.shipToCode, record.buyer))]) await writeCreditDecided(tx, { creditRequest: decided, recipient });
  return ok(true);
}
