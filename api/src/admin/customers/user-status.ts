import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { fail, ok, type Result } from '../../errors/result';
import { inTransaction } from '../../errors/transaction';
import { unlockName } from '../../auth/sign-in-limits';
import { recordAudit } from '../../audit/record-audit';
import { disableUser } from '../../users/disable-user';
import { userState, type UserState, type UserStatus } from '../../users/user-state';
import type { CustomerProblem } from './problems';

export type UserAction = 'disable' | 'enable' | 'unlock';

/** The moves an operator may make on a customer user; anything else is `statusUnchangeable`, naming the current state. */
const STATUS_CHANGES: Record<Exclude<UserAction, 'unlock'>, { from: UserStatus; to: UserStatus }> = {
  disable: { from: 'active', to: 'disabled' },
  enable: { from: 'disabled', to: 'active' },
};

interface StatusChanged {
  userId: number;
  state: UserState;
}

/**
 * Disables, enables or unlocks a customer user, audited in the same transaction. Disabling is disableUser's
 * (users/disable-user.ts), as for an import: the caller forgets the user's cached tokens once it answers.
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
    const before = await userState(tx, row);
    if (action === 'unlock') {
      await unlockName(tx, row.username);
    } else {
      const change = STATUS_CHANGES[action];
      if (row.status !== change.from) return fail({ kind: 'statusUnchangeable', username: row.username, status: row.status, action });
      if (action === 'disable') return ok({ userId: row.id, state: await disableUser(tx, row, { operatorId }) });
      await tx.update(users).set({ status: change.to }).where(eq(users.id, row.id));
    }
    const after = await userState(tx, (await tx.select().from(users).where(eq(users.id, row.id)))[0] ?? row);
    await recordAudit(tx, { operatorId, action: `user.${action}`, subject: `user:${row.username}`, before, after });
    return ok({ userId: row.id, state: after });
  });
}
