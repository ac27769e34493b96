import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oauthTokens, users } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { lockedNames, unlockName } from '../../auth/sign-in-limits';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../../audit/record-audit';

export type UserStatus = 'active' | 'disabled';
export type UserAction = 'disable' | 'enable' | 'unlock';

/** The moves an operator may make on a customer user; anything else is a 409 naming the current state. */
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

/**
 * Disables, enables or unlocks a customer user, audited in the same transaction. Disabling also revokes the
 * user's tokens, so a signed-in session ends at the next request (the caller forgets cached tokens too).
 */
export async function changeUserStatus(db: Db, operatorId: number, username: string, action: UserAction): Promise<{ userId: number; state: UserState }> {
  return db.transaction(async (tx) => {
    const row = (await tx.select().from(users).where(eq(users.username, username.toLowerCase())).for('update').limit(1))[0];
    if (!row) throw notFound('UserError', 'username', `User '${username}' not found`);
    const before = await stateOf(tx, row);
    if (action === 'unlock') {
      await unlockName(tx, row.username);
    } else {
      const change = STATUS_CHANGES[action];
      if (row.status !== change.from) throw conflict('UserError', 'status', `User '${row.username}' is ${row.status}: cannot ${action}`);
      await tx.update(users).set({ status: change.to }).where(eq(users.id, row.id));
      if (change.to === 'disabled') {
        await tx.update(oauthTokens).set({ revokedAt: new Date() }).where(and(eq(oauthTokens.userId, row.id), isNull(oauthTokens.revokedAt)));
      }
    }
    const after = await stateOf(tx, (await tx.select().from(users).where(eq(users.id, row.id)))[0] ?? row);
    await recordAudit(tx, { operatorId, action: `user.${action}`, subject: `user:${row.username}`, before, after });
    return { userId: row.id, state: after };
  });
}
