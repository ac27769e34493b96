import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { approvalLimits } from '../db/schema';

/** A readable limit code, AL-000012, from its own sequence: the `code` value of a new approval_limits row. */
export const newLimitCode = () => sql`'AL-' || lpad(nextval('approval_limit_number_seq')::text, 6, '0')`;

/**
 * A user's own per-order limit at a sold-to (the `orderLimit` of the company's user list): the user's
 * orderThreshold limit there, or null.
 */
export async function userOrderLimit(db: DbOrTx, soldTo: string, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ thresholdPence: approvalLimits.thresholdPence })
    .from(approvalLimits)
    .where(and(eq(approvalLimits.soldToCode, soldTo), eq(approvalLimits.userId, userId), eq(approvalLimits.type, 'orderThreshold')));
  return row?.thresholdPence ?? null;
}

/** Sets (or with null removes) a user's per-order limit at a sold-to, in the caller's transaction. */
export async function setUserOrderLimit(tx: DbOrTx, soldTo: string, userId: number, thresholdPence: number | null): Promise<void> {
  const mine = and(eq(approvalLimits.soldToCode, soldTo), eq(approvalLimits.userId, userId), eq(approvalLimits.type, 'orderThreshold'));
  if (thresholdPence === null) {
    await tx.delete(approvalLimits).where(mine);
    return;
  }
  const updated = await tx.update(approvalLimits).set({ thresholdPence }).where(mine).returning({ id: approvalLimits.id });
  if (updated.length > 0) return;
  await tx.insert(approvalLimits).values({ code: newLimitCode(), soldToCode: soldTo, type: 'orderThreshold', thresholdPence, userId });
}
