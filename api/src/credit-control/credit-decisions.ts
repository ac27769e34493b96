import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { creditHolds } from '../db/schema';
import type { Clock } from '../delivery/delivery-dates';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import { moveOrder } from '../order-status/move-order';
import type { Mover, OrderRow } from '../order-status/order-in-process';
import { requestPlacement } from '../order-status/request-placement';
import { orderCutoff } from '../orders/order-cutoff';
import { lockOrderByCode, type LockedHeldOrder } from '../approvals/decisions';
import type { Cause } from '../tracing/cause';
import type { HoldDecisionInput } from './credit-input';
import type { CreditProblem } from './problems';

/** The operator deciding: their move is kept in the order's history and the audit log. */
export interface CreditDecider {
  id: number;
  email: string;
  cause: Cause;
}

/** Whether the locked order can still be decided at `now`: waiting for credit, and its cut-off not passed. */
function decidable(locked: LockedHeldOrder, now: Date): CreditProblem | undefined {
  const { order } = locked;
  if (order.status !== 'awaitingCredit') return { kind: 'notAwaitingCredit', code: order.code, status: order.status };
  if (now.getTime() >= orderCutoff(order.deliveryDate, locked.cutoffTime).getTime()) return { kind: 'cutoffPassed', code: order.code };
  return undefined;
}

/**
 * An operator releases or rejects an order held for credit (docs/credit-control.md), checked once the order is
 * locked, so a decision racing another or the cut-off's expiry sees what finished first. A release asks the
 * order process to place it (canPlace must still accept it); placed, the ERP hears of it now, once. A
 * rejection moves it to rejected and the buyer is told the comment.
 */
export async function decideCreditHold(db: Db, clock: Clock, decider: CreditDecider, code: string, input: HoldDecisionInput): Promise<Result<OrderRow, CreditProblem>> {
  return inTransaction(db, async (tx): Promise<Result<OrderRow, CreditProblem>> => {
    const locked = await lockOrderByCode(tx, code);
    if (!locked) return fail({ kind: 'orderNotFound', code });
    const now = clock();
    const problem = decidable(locked, now);
    if (problem) return fail(problem);
    const decided = await writeDecision(tx, locked, input, decider);
    if (!decided.ok) return decided;
    await tx
      .update(creditHolds)
      .set({ decision: input.decision, comment: input.comment, operatorId: decider.id, decidedAt: now })
      .where(eq(creditHolds.orderId, locked.order.id));
    return decided;
  });
}

async function writeDecision(tx: Tx, locked: LockedHeldOrder, input: HoldDecisionInput, decider: CreditDecider): Promise<Result<OrderRow, CreditProblem>> {
  const code = locked.order.code;
  const by = (cause: Mover['cause']): Mover => ({ changedBy: `operator:${decider.email}`, operatorId: decider.id, cause, trace: decider.cause });
  if (input.decision === 'REJECT') {
    const moved = await moveOrder(tx, locked, 'rejected', by('decision'), input.comment);
    return moved.ok ? ok(moved.value.order) : fail({ kind: 'notAwaitingCredit', code, status: locked.order.status });
  }
  const placed = await requestPlacement(tx, { ...locked, from: 'awaitingCredit', by: by('creditRelease'), note: input.comment });
  if (placed.ok) return ok(placed.value.order);
  if (placed.problem.kind === 'transitionNotAllowed') return fail({ kind: 'notAwaitingCredit', code, status: locked.order.status });
  return fail(placed.problem.kind === 'ownerDisabled' ? { kind: 'buyerDisabled', code } : { kind: 'orderChanged', code });
}
