import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { recordAudit } from '../audit/record-audit';
import type { DisabledBy } from './disable-user';
import { userState, type UserState } from './user-state';

/**
 * Lets a disabled user sign in again, audited, in the caller's transaction; the caller holds the user's row
 * (FOR UPDATE) and has seen it disabled. Their old tokens stay revoked: they sign in afresh.
 */
export async function enableUser(tx: Tx, user: { id: number; username: string }, by: DisabledBy): Promise<UserState> {
  const before = await userState(tx, { username: user.username, status: 'disabled' });
  await tx.update(users).set({ status: 'active' }).where(eq(users.id, user.id));
  const after = { ...before, status: 'active' };
  await recordAudit(tx, { operatorId: by.operatorId, actorUserId: by.actorUserId, action: 'user.enable', subject: `user:${user.username}`, before, after });
  return after;
}
