import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { orders } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import { moveOrder, type MoveProblem } from './move-order';
import type { OrderRow, PlacementRequest } from './order-in-process';
import { placementPolicies, react, type HoldReason, type Settled, type Verdict } from './order-process';
import { erpMayActOn, HELD_STATUSES, WAITING_STATUSES, type HeldStatus } from './order-status';
import type { PlaceProblem } from './problems';

export interface Placement {
  /** The order as it now stands: placed, or held for a decision. */
  order: OrderRow;
  status: 'placed' | HeldStatus;
}

/**
 * The one place/hold decision (docs/ordering-rules.md "The order process"), for a new order, an amended one,
 * an approval, a credit release, a resubmission and a re-check: every placement policy is asked. Any hold
 * holds it (a held order is not placed, so what would refuse its placing is asked when it would be); else
 * the first refusal refuses; else it is placed. An order held for approval and for credit waits for approval
 * first, with approval's reasons; credit is asked again once it is approved (docs/credit-control.md), and
 * keeps its own reasons, so an order held for credit keeps the approval reasons it had. The order moves only when its status
 * changes (a placed order amended within every policy stays placed, a held one still held stays held); the
 * reactions hear either way.
 */
export async function requestPlacement(tx: Tx, request: PlacementRequest): Promise<Result<Placement, PlaceProblem | MoveProblem>> {
  const verdicts = new Map<string, Verdict>();
  for (const policy of placementPolicies()) verdicts.set(policy.name, await policy.guard(tx, request, 'placed'));
  const answers = [...verdicts.values()];
  const heldAt = heldStatus(answers);
  const refusal = answers.find((verdict) => verdict.kind === 'refuse');
  if (!heldAt && refusal) return fail(refusal.problem);
  const to = heldAt ?? 'placed';
  const reasons = heldAt === 'pendingApproval' ? answers.flatMap((verdict) => (verdict.kind === 'hold' && (verdict.status ?? 'pendingApproval') === heldAt ? verdict.reasons : [])) : heldAt ? undefined : reasonsOnPlacing(request, answers);
  const settled: Settled = { verdicts };
  const { from } = request;
  // Still held, or placed and since confirmed: it stays where it is.
  if (from === to || (to === 'placed' && erpMayActOn(from))) return stay(tx, request, reasons, settled);
  const moved = await moveOrder(tx, request, to, request.by, request.note, { reasons, settled });
  if (!moved.ok) return moved;
  return ok({ order: moved.value.order, status: to });
}

/** The first held status, in HELD_STATUSES' order, that any verdict holds the order at; undefined when none holds. */
function heldStatus(answers: Verdict[]): HeldStatus | undefined {
  const holding = new Set(answers.flatMap((verdict) => (verdict.kind === 'hold' ? [verdict.status ?? 'pendingApproval'] : [])));
  return HELD_STATUSES.find((status) => holding.has(status));
}

/**
 * The reasons an order keeps when it is placed: those a policy placed it with (limits an approval covers);
 * else none for an order that waited (its holds are over); else those it has (an approved order keeps the
 * limits it was approved over). Undefined leaves them as they are.
 */
function reasonsOnPlacing({ from }: PlacementRequest, answers: Verdict[]): HoldReason[] | undefined {
  const kept = answers.flatMap((verdict) => (verdict.kind === 'pass' && verdict.reasons ? verdict.reasons : []));
  if (answers.some((verdict) => verdict.kind === 'pass' && verdict.reasons)) return kept;
  return from !== 'new' && WAITING_STATUSES.includes(from) ? [] : undefined;
}

/** A request that leaves the order at its status: its reasons kept as they stand now, and the reactions told. */
async function stay(tx: Tx, request: PlacementRequest, reasons: HoldReason[] | undefined, settled: Settled): Promise<Result<Placement, MoveProblem>> {
  const at = request.order.status;
  let order = request.order;
  if (reasons !== undefined) {
    const [kept] = await tx.update(orders).set({ approvalReasons: reasons }).where(eq(orders.id, order.id)).returning();
    if (!kept) throw new Error(`order ${order.code} vanished while locked`);
    order = kept;
  }
  await react(tx, { ...request, order }, { from: at, to: at, by: request.by, note: request.note, changedAt: null }, settled);
  return ok({ order, status: HELD_STATUSES.find((status) => status === at) ?? 'placed' });
}
