import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { oauthTokens, users } from '../db/schema';
import type { PrincipalCache } from '../auth/principal-cache';
import { ok, type Result } from '../errors/result';
import type { ResetRequestKind } from './forgot-password';
import { resetThroughLink, validateLink, type PasswordLinks } from './password-links';
import type { ResetPasswordProblem } from './problems';
import type { Cause } from '../tracing/cause';

/** Customers' reset links: to an active user, found by the address they sign in with. */
export const CUSTOMER_RESET: ResetRequestKind = {
  purpose: 'reset',
  audience: 'customer',
  async findActive(tx: DbOrTx, email: string) {
    const [user] = await tx.select({ id: users.id, name: users.name, email: users.email, status: users.status }).from(users).where(eq(users.username, email));
    if (!user || user.status !== 'active') return undefined;
    return { owner: { userId: user.id }, ownerKey: `user:${user.id}`, recipient: { name: user.name, email: user.email } };
  },
};

/** A customer's links that set a password: the reset link, and the invitation (accepting one is a reset). */
export const USER_LINKS: PasswordLinks<'reset' | 'invitation'> = {
  purposes: ['reset', 'invitation'],
  resetPurpose: 'reset',
  audience: 'customer',
  async holder(tx, token) {
    if (token.userId === null) return undefined;
    const [user] = await tx
      .select({ id: users.id, username: users.username, name: users.name, email: users.email, status: users.status, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, token.userId));
    if (!user || user.status !== 'active') return undefined;
    return { owner: { userId: user.id }, email: user.email, name: user.name, signInName: user.username, ownerKey: `user:${user.id}`, passwordHash: user.passwordHash };
  },
  async setPassword(tx, owner, passwordHash) {
    if (!('userId' in owner)) throw new Error('a customer link belongs to a user');
    await tx.update(users).set({ passwordHash }).where(eq(users.id, owner.userId));
    await tx.update(oauthTokens).set({ revokedAt: new Date() }).where(and(eq(oauthTokens.userId, owner.userId), isNull(oauthTokens.revokedAt)));
  },
};

export const validateUserToken = (db: Db, token: string, now: Date) => validateLink(db, USER_LINKS, token, now);

/** A customer's reset or invitation; their sessions cached in this process are forgotten once it is committed. */
export async function resetUserPassword(db: Db, principals: PrincipalCache, input: { token: string; newPassword: string; now: Date; cause: Cause }): Promise<Result<void, ResetPasswordProblem>> {
  const result = await resetThroughLink(db, USER_LINKS, input);
  if (!result.ok) return result;
  if ('userId' in result.value) principals.forgetUser(result.value.userId);
  return ok(undefined);
}
