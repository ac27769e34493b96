import { createHash } from 'node:crypto';
import { asc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { approvalDecisions, operators, orderLines, orders, shipTos, users } from '../db/schema';
import type { Clock } from '../delivery/delivery-dates';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import { moveOrder } from '../order-status/move-order';
import type { Mover } from '../order-status/order-in-process';
import { requestPlacement } from '../order-status/request-placement';
import { orderCutoff } from '../orders/order-cutoff';
import { placingOperatorOf, type PlacedBy } from '../order-status/order-event';
import type { OrderLineRow, OrderRecord, OrderRow } from '../orders/order-queries';
import type { HeldOrder } from './approval-mail';
import { decidersOf, decidingSoldTos } from '../spending-limits/approvers';
import type { Cause } from '../tracing/cause';
import type { ApprovalProblem } from './problems';

export type Decision = 'APPROVE' | 'REJECT';

export interface DecisionInput {
  decision: Decision;
  /** Required to reject; kept with the decision and sent to the buyer. */
  comment: string | null;
  /** The order's `version` as the decider saw it: a decision on an order changed since is refused. */
  version?: string;
}

/**
 * A fingerprint of what a decider sees of an order (status, date, lines, totals, PO number, instructions): an
 * amendment changes it, so a decision that names the version it was made on cannot approve what its decider
 * never saw.
 */
export function orderVersion(order: OrderRow, lines: OrderLineRow[]): string {
  const seen = [
    order.status,
    order.deliveryDate,
    order.netPence,
    order.purchaseOrderNumber ?? '',
    order.deliveryInstructions ?? '',
    ...lines.map((line) => `${line.productCode}x${line.quantity}@${line.unitPricePence}`),
  ].join('|');
  return createHash('sha256').update(seen).digest('hex').slice(0, 16);
}

/** Who decides: a company's approver or admin, or an operator of the back office (docs/approvals.md "Who decides"). */
export type DecisionMaker = ({ kind: 'user'; userId: number; username: string } | { kind: 'operator'; operatorId: number; email: string }) & {
  /** As the buyer is told who rejected their order. */
  name: string;
  /** The request deciding: the decision's events carry it (tracing/cause.ts). */
  cause: Cause;
};

/** A held order locked for a decision, with what the decision writes: its lines come after. */
export interface LockedHeldOrder extends Omit<HeldOrder, 'cause'> {
  placedBy: PlacedBy;
  /** A disabled buyer's order is not placed by an approval, as checkout would not place it (orders/can-place.ts). */
  buyerStatus: string;
}

export type DecisionResult = Result<OrderRecord, ApprovalProblem>;

/**
 * Orders matching `where`, locked (FOR UPDATE, as amendments and status reports lock them), with their ship-to and
 * buyer, in ship-to order: one statement for a decision's one order and a limit change's many.
 */
export async function lockHeldOrders(tx: Tx, where: SQL | undefined): Promise<LockedHeldOrder[]> {
  const rows = await tx
    .select({
      order: orders,
      shipToName: shipTos.name,
      cutoffTime: shipTos.cutoffTime,
      placedBy: { customerId: users.customerId, name: users.name, email: users.email, operator: placingOperatorOf },
      buyerStatus: users.status,
    })
    .from(orders)
    .innerJoin(shipTos, eq(shipTos.code, orders.shipToCode))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(asc(orders.shipToCode), asc(orders.id))
    .for('update', { of: orders });
  return rows.map((row) => ({ ...row, buyer: { name: row.placedBy.name, email: row.placedBy.email } }));
}

/** Any order by code, locked, with its ship-to and buyer. */
export async function lockOrderByCode(tx: Tx, code: string): Promise<LockedHeldOrder | undefined> {
  return (await lockHeldOrders(tx, eq(orders.code, code)))[0];
}

/**
 * A company user's decision. Scope first: an order of a sold-to where the caller decides nothing is missing
 * (404); their own order is refused (403); one that falls to other deciders (approvers before admins) is
 * missing too, but for an approver the order is too big for (above their own order limit): they see it in
 * their queue, so they are told why it is not theirs. Then the decision itself (decide).
 */
export async function decideAsUser(db: Db, clock: Clock, user: { id: number; username: string; cause: Cause }, code: string, input: DecisionInput): Promise<DecisionResult> {
  if (input.decision === 'REJECT' && !input.comment) return fail({ kind: 'commentRequired' });
  return inTransaction(db, async (tx) => {
    const locked = await lockOrderByCode(tx, code);
    if (!locked) return fail({ kind: 'orderNotFound', code });
    if (locked.order.userId === user.id) return fail({ kind: 'ownOrder', code });
    if (!(await decidingSoldTos(tx, user.id)).includes(locked.order.soldToCode)) return fail({ kind: 'orderNotFound', code });
    const deciders = await decidersOf(tx, locked.order);
    const me = deciders.users.find((decider) => decider.userId === user.id);
    if (!me) {
      const over = deciders.overLimit.find((approver) => approver.userId === user.id);
      return fail(over ? { kind: 'overOwnLimit', code, limitPence: over.limitPence, tier: deciders.tier } : { kind: 'orderNotFound', code });
    }
    return decide(tx, locked, input, { kind: 'user', userId: user.id, username: user.username, name: me.name, cause: user.cause }, clock());
  });
}

/** An operator's decision, on an order that falls to the back office: its sold-to has no approver or admin but the buyer. */
export async function decideAsOperator(db: Db, clock: Clock, operator: { id: number; email: string; cause: Cause }, code: string, input: DecisionInput): Promise<DecisionResult> {
  if (input.decision === 'REJECT' && !input.comment) return fail({ kind: 'commentRequired' });
  return inTransaction(db, async (tx) => {
    const locked = await lockOrderByCode(tx, code);
    if (!locked) return fail({ kind: 'orderNotFound', code });
    if ((await decidersOf(tx, locked.order)).tier !== 'operators') return fail({ kind: 'companyDecides', code });
    const [named] = await tx.select({ name: operators.name }).from(operators).where(eq(operators.id, operator.id));
    return decide(tx, locked, input, { kind: 'operator', operatorId: operator.id, email: operator.email, name: named?.name ?? operator.email, cause: operator.cause }, clock());
  });
}

/** Whether a held order can still be decided at `now`: waiting, and its cut-off not passed. */
export function decidable(order: OrderRow, cutoffTime: string, now: Date): ApprovalProblem | undefined {
  // An order expired by the sweep and one whose cut-off passed a moment ago are the same news.
  if (order.status === 'expired') return { kind: 'cutoffPassed' };
  if (order.status !== 'pendingApproval') return { kind: 'notPending', code: order.code, status: order.status };
  if (now.getTime() >= orderCutoff(order.deliveryDate, cutoffTime).getTime()) return { kind: 'cutoffPassed' };
  return undefined;
}

const moverOf = (maker: DecisionMaker): Mover => ({
  ...(maker.kind === 'user' ? { changedBy: `customer:${maker.username}`, operatorId: null } : { changedBy: `operator:${maker.email}`, operatorId: maker.operatorId }),
  cause: 'decision',
  trace: maker.cause,
  name: maker.name,
});

/**
 * Writes a decision on a locked held order, checked at the moment the lock is held, so a decision racing
 * another, an amendment or the cut-off either sees what finished first or is seen by it; with the version
 * the decider saw, an amendment that came first makes it a 409. Approval asks the order process to place
 * the order as checkout would (order-status/request-placement.ts): canPlace must still accept it, and
 * another module's policy may keep it held; placed, the ERP hears of it now, once (order.placed).
 * Rejection moves it to rejected, and the buyer is e-mailed the comment (approval-process.ts).
 */
async function decide(tx: Tx, locked: LockedHeldOrder, input: DecisionInput, maker: DecisionMaker, now: Date): Promise<DecisionResult> {
  const problem = decidable(locked.order, locked.cutoffTime, now);
  if (problem) return fail(problem);
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, locked.order.id)).orderBy(asc(orderLines.lineNumber));
  if (input.version !== undefined && input.version !== orderVersion(locked.order, lines)) return fail({ kind: 'orderChanged', code: locked.order.code });
  const decided = await writeDecision(tx, { ...locked, lines }, input, maker);
  if (!decided.ok) return decided;
  const order = decided.value;
  await tx.insert(approvalDecisions).values({
    orderId: order.id,
    decision: input.decision,
    comment: input.comment,
    userId: maker.kind === 'user' ? maker.userId : null,
    operatorId: maker.kind === 'operator' ? maker.operatorId : null,
    at: now,
  });
  return ok({ order, shipToName: locked.shipToName, cutoffTime: locked.cutoffTime, lines });
}

/**
 * The move a decision makes. An approval canPlace refuses is refused as the order's buyer or lines stand now:
 * a disabled buyer is buyerDisabled, as before; lines no longer sold, a total too large or a PO number the
 * ship-to now requires make it orderChanged (look at the order again: it cannot be placed as it is).
 */
async function writeDecision(tx: Tx, locked: LockedHeldOrder & { lines: OrderLineRow[] }, input: DecisionInput, maker: DecisionMaker): Promise<Result<OrderRow, ApprovalProblem>> {
  const by = moverOf(maker);
  const code = locked.order.code;
  if (input.decision === 'REJECT') {
    const moved = await moveOrder(tx, locked, 'rejected', by, input.comment);
    return moved.ok ? ok(moved.value.order) : fail({ kind: 'notPending', code, status: locked.order.status });
  }
  const placed = await requestPlacement(tx, { ...locked, from: locked.order.status, by, note: input.comment });
  if (placed.ok) return ok(placed.value.order);
  if (placed.problem.kind === 'transitionNotAllowed') return fail({ kind: 'notPending', code, status: locked.order.status });
  return fail(placed.problem.kind === 'ownerDisabled' ? { kind: 'buyerDisabled', code } : { kind: 'orderChanged', code });
}
