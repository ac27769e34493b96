import type { OrderStatus } from '../order-status/order-status';
import type { ApprovalReason } from './limit-check';

/**
 * What saving an amendment does to the order's approval (docs/approvals.md "Amending"):
 * - `amended`: within every limit, amended as any order is;
 * - `keepsApproval`: an approved order whose net total did not rise and which passes no limit it was not
 *   approved over: it stays placed, and its deciders are told of the change;
 * - `heldAgain`: a placed order that needs a new approval (a higher total over a limit, or a limit it was not
 *   approved over);
 * - `staysHeld`: a held order still over a limit, still waiting (its deciders are told of the change);
 * - `placed`: a held order now within every limit, placed as checkout would have placed it.
 */
export type AmendOutcome = 'amended' | 'keepsApproval' | 'heldAgain' | 'staysHeld' | 'placed';

export interface OrderBeforeAmendment {
  status: OrderStatus;
  netPence: number;
  /** The reasons it was held or approved with (orders.approval_reasons). */
  approvalReasons: unknown;
}

const limitCodes = (reasons: unknown): Set<string> =>
  new Set(Array.isArray(reasons) ? reasons.flatMap((reason) => (typeof (reason as { limit?: unknown })?.limit === 'string' ? [(reason as { limit: string }).limit] : [])) : []);

export function amendOutcome(before: OrderBeforeAmendment, after: { netPence: number; reasons: ApprovalReason[] }): AmendOutcome {
  if (before.status === 'pendingApproval') return after.reasons.length > 0 ? 'staysHeld' : 'placed';
  if (after.reasons.length === 0) return 'amended';
  // An approval covers the total approved and the limits it was over: less of the same needs no new one.
  const approvedOver = limitCodes(before.approvalReasons);
  const covered = after.netPence <= before.netPence && after.reasons.every((reason) => approvedOver.has(reason.limit));
  return covered ? 'keepsApproval' : 'heldAgain';
}

/** Whether saving leaves the order waiting for a decision. */
export const waitsForDecision = (outcome: AmendOutcome): boolean => outcome === 'heldAgain' || outcome === 'staysHeld';
