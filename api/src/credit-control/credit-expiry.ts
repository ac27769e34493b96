import { eq } from 'drizzle-orm';
import { expireAtCutoff, type HeldStatus } from '../approvals/expire-at-cutoff';
import type { Db } from '../db/client';
import { creditHolds } from '../db/schema';
import { everyPass, type JobRunner } from '../jobs/job-runner';
import type { Cause } from '../tracing/cause';

/** Waiting for credit: the hold's own row records the expiry. The buyer is told by credit-policy.ts. */
const AWAITING_CREDIT: HeldStatus = {
  status: 'awaitingCredit',
  recordExpiry: (tx, orderId, now) => tx.update(creditHolds).set({ decision: 'EXPIRE', decidedAt: now }).where(eq(creditHolds.orderId, orderId)),
};

/** Expires every order still waiting for credit at its cut-off (docs/credit-control.md), as held orders expire. */
export const expireCreditHolds = (db: Db, now: Date, cause?: Cause): Promise<number> => expireAtCutoff(db, AWAITING_CREDIT, now, cause);

/** Every pass, orders still waiting for credit at their cut-off expire. */
export function registerCreditExpiryJob(runner: JobRunner): void {
  runner.registerJob('credit expiry', {
    due: everyPass,
    idle: { expired: 0 },
    run: async ({ db, now, cause }) => ({ expired: await expireCreditHolds(db, now, cause) }),
  });
}
