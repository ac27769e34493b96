import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oauthTokens, users } from '../../db/schema';
import { fail, ok, type Result } from '../../errors/result';
import { inTransaction } from '../../errors/transaction';
import { lockedNames, unlockName } from '../../auth/sign-in-limits';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../audit/audit-log';
import type { CustomerProblem } from './problems';

export type UserStatus = 'active' | 'disabled';
export type UserAction = 'disable' | 'enable' | 'unlock';

/** The moves an operator may make on a customer user; anything else is `statusUnchangeable`, naming the current state. */
const STATUS_CHANGES: Record<Exclude<UserAction, 'unlock'>, { from: UserStatus; to: UserStatus }> = {
  disable: { from: 'active', to: 'disabled' },
  enable: { from: 'disabled', to: 'active' },
};

interface UserState {
  status: string;
  /** Locked by the sign-in limits, from some address or from everywhere (auth/sign-in-limits.ts). */
  locked: boolean;
}

const stateOf = async (db: DbOrTx, row: { username: string; status: string }): Promise<UserState> => ({
  status: row.status,
  locked: (await lockedNames(db, [row.username])).has(row.username),
});

interface StatusChanged {
  userId: number;
  state: UserState;
}

/**
 * Disables, enables or unlocks a customer user, audited in the same transaction. Disabling also revokes the
 * user's tokens, so a signed-in session ends at the next request (the caller forgets cached tokens too).
 */
export async function changeUserStatus(
  db: Db,
  operatorId: number,
  username: string,
  action: UserAction,
): Promise<Result<StatusChanged, CustomerProblem>> {
  return inTransaction<StatusChanged, CustomerProblem>(db, async (tx) => {
    const row = (await tx.select().from(users).where(eq(users.username, username.toLowerCase())).for('update').limit(1))[0];
    if (!row) return fail({ kind: 'userNotFound', username });
    const before = await stateOf(tx, row);
    if (action === 'unlock') {
      await unlockName(tx, row.username);
    } else {
      const change = STATUS_CHANGES[action];
      if (row.status !== change.from) return fail({ kind: 'statusUnchangeable', username: row.username, status: row.status, action });
      await tx.update(users).set({ status: change.to }).where(eq(users.id, row.id));
      if (change.to === 'disabled') {
        await tx.update(oauthTokens).set({ revokedAt: new Date() }).where(and(eq(oauthTokens.userId, row.id), isNull(oauthTokens.revokedAt)));
      }
    }
    const after = await stateOf(tx, (await tx.select().from(users).where(eq(users.id, row.id)))[0] ?? row);
    await recordAudit(tx, { operatorId, action: `user.${action}`, subject: `user:${row.username}`, before, after });
    return ok({ userId: row.id, state: after });
  });
}
