import type { Db } from '../db/client';
import { approvalDecisions } from '../db/schema';
import type { Cause } from '../tracing/cause';
import { expireAtCutoff, type HeldStatus } from './expire-at-cutoff';

/** Held for approval: an expiry is recorded as a decision of nobody's. The buyer is told by approval-process.ts. */
const AWAITING_APPROVAL: HeldStatus = {
  status: 'pendingApproval',
  recordExpiry: (tx, orderId, now) => tx.insert(approvalDecisions).values({ orderId, decision: 'EXPIRE', at: now }),
};

/** Expires every order held for approval whose cut-off has passed undecided (docs/approvals.md "Deadlines"). */
export const expireHeldOrders = (db: Db, now: Date, cause?: Cause): Promise<number> => expireAtCutoff(db, AWAITING_APPROVAL, now, cause);
