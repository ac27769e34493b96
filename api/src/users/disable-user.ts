import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { oauthTokens, users } from '../db/schema';
import { recordAudit } from '../audit/record-audit';
import { userState, type UserState } from './user-state';

/**
 * Who disables or enables a user: an operator, a customer's company admin (`actorUserId`), both audited, or,
 * with neither, the system (the demo seed's import).
 */
export interface DisabledBy {
  operatorId: number | null;
  actorUserId?: number | null;
}

/**
 * The one way a customer user is disabled, whether an operator does it on the customers page, a company admin
 * on their users page or a customers import: the status, every token revoked (a signed-in session ends at its
 * next request, a refresh is refused) and, for a person, the audit entry, all in the caller's transaction. The
 * caller holds the user's row (FOR UPDATE) and has seen it active; once committed it forgets the user's cached
 * tokens in this process (PrincipalCache.forgetUser), other processes drop theirs within TOKEN_CACHE_SECONDS.
 */
export async function disableUser(tx: Tx, user: { id: number; username: string }, by: DisabledBy): Promise<UserState> {
  const before = await userState(tx, { username: user.username, status: 'active' });
  await tx.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
  await tx.update(oauthTokens).set({ revokedAt: new Date() }).where(and(eq(oauthTokens.userId, user.id), isNull(oauthTokens.revokedAt)));
  const after = { ...before, status: 'disabled' };
  if (by.operatorId !== null || by.actorUserId != null) {
    await recordAudit(tx, { operatorId: by.operatorId, actorUserId: by.actorUserId, action: 'user.disable', subject: `user:${user.username}`, before, after });
  }
  return after;
}
