import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import type { Db } from '../db/client';
import { creditAccounts, soldTos } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import type { CreditInput } from './credit-input';
import type { CreditProblem } from './problems';

export type CreditAccountRow = typeof creditAccounts.$inferSelect;

/** Who sent it: an operator (audited by id) or the ERP's finance client (named in the entry). */
export interface CreditActor {
  operatorId: number | null;
  /** 'operator:<e-mail>' or 'client:<client id>'. */
  by: string;
}

export interface CreditOutcome {
  outcome: 'created' | 'updated' | 'unchanged';
  account: CreditAccountRow;
}

const sameAs = (row: CreditAccountRow, input: CreditInput) => row.limitPence === input.limit && row.onHold === input.onHold && row.reason === input.reason;
const auditState = (state: { limitPence: number; onHold: boolean; reason: string | null }) => ({ limit: state.limitPence, onHold: state.onHold, reason: state.reason });

/**
 * The ERP's credit limit and hold for a sold-to (docs/credit-control.md), idempotent: the same values again
 * change nothing; others replace them, audited with what they were. The row is locked, so a change waits for
 * a checkout that is reading it and the next checkout reads the change.
 */
export async function putCreditAccount(db: Db, soldTo: string, input: CreditInput, actor: CreditActor): Promise<Result<CreditOutcome, CreditProblem>> {
  return inTransaction(db, async (tx): Promise<Result<CreditOutcome, CreditProblem>> => {
    const [known] = await tx.select({ code: soldTos.code }).from(soldTos).where(eq(soldTos.code, soldTo)).limit(1);
    if (!known) return fail({ kind: 'soldToUnknown', soldTo });
    const values = { limitPence: input.limit, onHold: input.onHold, reason: input.reason };
    const [existing] = await tx.select().from(creditAccounts).where(eq(creditAccounts.soldToCode, soldTo)).for('update');
    if (existing && sameAs(existing, input)) return ok({ outcome: 'unchanged' as const, account: existing });
    const [account] = await tx
      .insert(creditAccounts)
      .values({ soldToCode: soldTo, ...values })
      .onConflictDoUpdate({ target: creditAccounts.soldToCode, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    if (!account) throw new Error(`credit of ${soldTo} neither inserted nor updated`);
    await recordAudit(tx, {
      operatorId: actor.operatorId,
      action: 'credit.update',
      subject: `soldTo:${soldTo}`,
      before: existing ? auditState(existing) : null,
      after: { ...auditState(account), by: actor.by },
    });
    return ok({ outcome: existing ? ('updated' as const) : ('created' as const), account });
  });
}
