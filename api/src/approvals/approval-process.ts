import type { Tx } from '../db/client';
import type { Transition } from '../order-status/move-order';
import type { OrderInProcess, PlacementRequest } from '../order-status/order-in-process';
import { registerPlacementPolicy, registerReaction, type PlacementPolicy, type Reaction, type Settled, type Verdict } from '../order-status/order-process';
import type { OrderOrigin, OrderStatus } from '../order-status/order-status';
import { amendOutcome } from '../spending-limits/amend-approval';
import { writeApprovalChanges, type ApprovalChange } from './approval-change-mail';
import { APPROVAL_EXPIRED, APPROVAL_REJECTED, writeApprovalRequests, writeBuyerNotice, writeHeldNotices, type HeldOrder } from './approval-mail';
import { checkLimits, limitsKnownFrom, orderToCheck } from '../spending-limits/limit-check';

const NAME = 'approvals';

const pass: Verdict = { kind: 'pass' };

const keptReasons = (reasons: unknown): Record<string, unknown>[] => (Array.isArray(reasons) ? (reasons as Record<string, unknown>[]) : []);

/**
 * The spending limits as a placement policy (docs/approvals.md "Limits"): an order over one is held for a
 * decision. A decider's approval is the decision, so it keeps the limits it approved over, as does an order
 * released from a credit hold (asked after approval, docs/credit-control.md); a standing
 * order's delivery was approved with its standing order (standing-approval.ts); an amended order that an
 * earlier approval still covers keeps its approval with the amounts of now (amend-approval.ts).
 */
const limitsPolicy: PlacementPolicy = {
  name: NAME,
  async guard(tx: Tx, request: PlacementRequest): Promise<Verdict> {
    if (request.by.cause === 'decision' || request.by.cause === 'creditRelease') return { kind: 'pass', reasons: keptReasons(request.order.approvalReasons) };
    if (request.by.cause === 'standingOrder') return pass;
    const reasons = await checkLimits(tx, orderToCheck(request.order), limitsKnownFrom(request.policyInputs));
    if (request.before && request.by.cause === 'amendment' && amendOutcome(request.before, { netPence: request.order.netPence, reasons }) === 'keepsApproval') {
      return { kind: 'pass', reasons: reasons as unknown as Record<string, unknown>[] };
    }
    return reasons.length > 0 ? { kind: 'hold', reasons: reasons as unknown as Record<string, unknown>[] } : pass;
  },
};

/**
 * Who hears of a held order's moves (docs/approvals.md): its deciders are asked when it is held (its buyer
 * told too when checkout held it), its buyer told when it is rejected or expires waiting for approval (credit
 * control tells of its own); after an amendment, its deciders hear of the change.
 */
const approvalNotices: Reaction = {
  name: NAME,
  async after(tx: Tx, subject: OrderInProcess & Pick<Partial<PlacementRequest>, 'before'>, from: OrderOrigin, to: OrderStatus, transition: Transition, settled?: Settled): Promise<void> {
    const held: HeldOrder = { order: subject.order, shipToName: subject.shipToName, cutoffTime: subject.cutoffTime, buyer: subject.placedBy, cause: transition.by.trace };
    if (transition.by.cause === 'amendment' && subject.before) return amendmentNotices(tx, { ...held }, from, to, subject.before.netPence, settled);
    const buyer = { name: subject.placedBy.name, email: subject.placedBy.email };
    if (to === 'pendingApproval' && from === 'new') await writeHeldNotices(tx, held);
    else if (to === 'pendingApproval' && from !== to) await writeApprovalRequests(tx, { ...held, buyer });
    else if (from !== 'pendingApproval') return;
    else if (to === 'rejected') await writeBuyerNotice(tx, APPROVAL_REJECTED, { ...held, buyer }, { comment: transition.note, decidedBy: transition.by.name });
    else if (to === 'expired') await writeBuyerNotice(tx, APPROVAL_EXPIRED, { ...held, buyer }, { comment: null });
  },
};

/** An amendment's news for the deciders (amend-approval.ts): still held, placed, kept its approval, or held again. */
async function amendmentNotices(tx: Tx, held: HeldOrder, from: OrderOrigin, to: OrderStatus, previousNetPence: number, settled: Settled | undefined): Promise<void> {
  const told = (change: ApprovalChange) => writeApprovalChanges(tx, held, change, previousNetPence);
  if (from === 'pendingApproval') return told(to === 'pendingApproval' ? 'staysHeld' : 'placed');
  if (to === 'pendingApproval') return writeApprovalRequests(tx, held);
  const verdict = settled?.verdicts.get(NAME);
  if (verdict?.kind === 'pass' && verdict.reasons) await told('keepsApproval');
}

/** At start-up: approvals' policy and reactions join the order process. */
export function registerApprovalProcess(): void {
  registerPlacementPolicy(limitsPolicy);
  registerReaction(approvalNotices);
}
