import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { unlockName } from '../../auth/sign-in-limits';
import { recordAudit } from '../../audit/record-audit';
import { disableUser } from '../../users/disable-user';
import { userState, type UserState, type UserStatus } from '../../users/user-state';

export type UserAction = 'disable' | 'enable' | 'unlock';

/** The moves an operator may make on a customer user; anything else is a 409 naming the current state. */
const STATUS_CHANGES: Record<Exclude<UserAction, 'unlock'>, { from: UserStatus; to: UserStatus }> = {
  disable: { from: 'active', to: 'disabled' },
  enable: { from: 'disabled', to: 'active' },
};

/**
 * Disables, enables or unlocks a customer user, audited in the same transaction. Disabling is disableUser's
 * (users/disable-user.ts), as for an import: the caller forgets the user's cached tokens once it answers.
 */
export async function changeUserStatus(db: Db, operatorId: number, username: string, action: UserAction): Promise<{ userId: number; state: UserState }> {
  return db.transaction(async (tx) => {
    const row = (await tx.select().from(users).where(eq(users.username, username.toLowerCase())).for('update').limit(1))[0];
    if (!row) throw notFound('UserError', 'username', `User '${username}' not found`);
    const before = await userState(tx, row);
    if (action === 'unlock') {
      await unlockName(tx, row.username);
    } else {
      const change = STATUS_CHANGES[action];
      if (row.status !== change.from) throw conflict('UserError', 'status', `User '${row.username}' is ${row.status}: cannot ${action}`);
      if (action === 'disable') return { userId: row.id, state: await disableUser(tx, row, { operatorId }) };
      await tx.update(users).set({ status: change.to }).where(eq(users.id, row.id));
    }
    const after = await userState(tx, (await tx.select().from(users).where(eq(users.id, row.id)))[0] ?? row);
    await recordAudit(tx, { operatorId, action: `user.${action}`, subject: `user:${row.username}`, before, after });
    return { userId: row.id, state: after };
  });
}
