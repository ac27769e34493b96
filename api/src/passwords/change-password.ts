import { and, eq, isNull, ne } from 'drizzle-orm';
import { voidTokens } from '../account-tokens/account-tokens';
import type { Db } from '../db/client';
import { oauthTokens, users } from '../db/schema';
import { hashPassword, type PasswordCheck } from '../auth/passwords';
import type { PrincipalCache } from '../auth/principal-cache';
import type { SignInLimits } from '../auth/sign-in-limits';
import { hashToken } from '../auth/token-crypto';
import type { AuthenticatedUser } from '../auth/tokens';
import { fail, ok, type Result } from '../errors/result';
import { refusePassword } from './policy';
import type { ChangePasswordProblem } from './problems';
import { writePasswordChangedMail } from './reset-mail';
import type { Cause } from '../tracing/cause';

/**
 * A signed-in user's new password. The current one is checked like a sign-in (auth/sign-in-limits.ts): the try
 * is counted first, so wrong ones lead to the same lock. Every other session of the user is revoked; the one
 * asking (its access token) stays signed in. A reset link sent before stops working (it was asked for the old
 * password), and the user is mailed that their password was changed.
 */
export async function changePassword(
  db: Db,
  guard: { limits: SignInLimits; checkPassword: PasswordCheck; principals: PrincipalCache },
  change: { user: AuthenticatedUser; accessToken: string; old: string; new: string; address: string; now: Date; cause: Cause },
): Promise<Result<void, ChangePasswordProblem>> {
  const { user } = change;
  const allowance = await guard.limits.take(user.username, change.address);
  if (!allowance.allowed) return fail(allowance.refusal === 'address' ? { kind: 'addressLimited', retryAfterSeconds: allowance.retryAfterSeconds } : { kind: 'locked' });
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!row || !(await guard.checkPassword(row.passwordHash, change.old))) return fail({ kind: 'wrongPassword' });
  await guard.limits.release(user.username, change.address);
  if (change.new === change.old) return fail({ kind: 'passwordUnchanged' });
  const refused = refusePassword(change.new, user);
  if (refused) return fail(refused);
  const passwordHash = await hashPassword(change.new);
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ family: oauthTokens.family }).from(oauthTokens).where(eq(oauthTokens.accessHash, hashToken(change.accessToken)));
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx
      .update(oauthTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(oauthTokens.userId, user.id), isNull(oauthTokens.revokedAt), current ? ne(oauthTokens.family, current.family) : undefined));
    await voidTokens(tx, 'reset', { userId: user.id }, change.now);
    await writePasswordChangedMail(tx, { audience: 'customer', ownerKey: `user:${user.id}`, recipient: { name: user.name, email: user.email }, at: change.now, cause: change.cause });
  });
  guard.principals.forgetUser(user.id);
  return ok(undefined);
}
