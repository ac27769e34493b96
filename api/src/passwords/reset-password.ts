import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { oauthTokens, users } from '../db/schema';
import { consumeToken, findValidToken, voidTokens, type TokenPurpose } from '../account-tokens/account-tokens';
import { hashPassword } from '../auth/passwords';
import type { PrincipalCache } from '../auth/principal-cache';
import { unlockName } from '../auth/sign-in-limits';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import type { ResetRequestKind } from './forgot-password';
import { refusePassword } from './policy';
import type { ResetPasswordProblem, TokenProblem } from './problems';

/** A customer's links that set a password: the reset link, and the invitation (accepting one is a reset). */
const USER_PURPOSES = ['reset', 'invitation'] as const satisfies readonly TokenPurpose[];
type UserPurpose = (typeof USER_PURPOSES)[number];

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

const tokenInvalid = () => fail<TokenProblem>({ kind: 'tokenInvalid' });

interface LinkHolder {
  id: number;
  username: string;
  name: string;
  email: string;
}

/** The active user a valid link of theirs belongs to, with its purpose; undefined for any link that opens nothing. */
async function linkHolder(tx: DbOrTx, token: string, now: Date): Promise<{ user: LinkHolder; purpose: UserPurpose; expiresAt: Date } | undefined> {
  const valid = await findValidToken(tx, token, USER_PURPOSES, now);
  if (!valid || valid.userId === null) return undefined;
  const [user] = await tx
    .select({ id: users.id, username: users.username, name: users.name, email: users.email, status: users.status })
    .from(users)
    .where(eq(users.id, valid.userId));
  if (!user || user.status !== 'active') return undefined;
  return { user, purpose: valid.purpose as UserPurpose, expiresAt: valid.expiresAt };
}

/** The reset page asks first whether its link still works, and whether it is an invitation ("Choose your password"). */
export async function validateUserToken(db: Db, token: string, now: Date): Promise<Result<{ valid: true; expiresAt: string; purpose: UserPurpose }, TokenProblem>> {
  const holder = await linkHolder(db, token, now);
  return holder ? ok({ valid: true, expiresAt: holder.expiresAt.toISOString(), purpose: holder.purpose }) : tokenInvalid();
}

/**
 * Sets a new password through a reset or invitation link (docs/people.md "Passwords"). A password the policy
 * refuses leaves the link working. Once set: the link is used up with every other reset and invitation link of
 * the user, every session of theirs is revoked, and a sign-in lock on their name is lifted.
 */
export async function resetUserPassword(
  db: Db,
  principals: PrincipalCache,
  input: { token: string; newPassword: string; now: Date },
): Promise<Result<void, ResetPasswordProblem>> {
  const result = await inTransaction<number, ResetPasswordProblem>(db, async (tx) => {
    const holder = await linkHolder(tx, input.token, input.now);
    if (!holder) return tokenInvalid();
    const refused = refusePassword(input.newPassword, holder.user);
    if (refused) return fail(refused);
    // Of two requests racing with the same link, one uses it; the other finds it used.
    if (!(await consumeToken(tx, input.token, USER_PURPOSES, input.now))) return tokenInvalid();
    const { id, username } = holder.user;
    await tx.update(users).set({ passwordHash: await hashPassword(input.newPassword) }).where(eq(users.id, id));
    for (const purpose of USER_PURPOSES) await voidTokens(tx, purpose, { userId: id }, input.now);
    await tx.update(oauthTokens).set({ revokedAt: new Date() }).where(and(eq(oauthTokens.userId, id), isNull(oauthTokens.revokedAt)));
    await unlockName(tx, username);
    return ok(id);
  });
  if (!result.ok) return result;
  principals.forgetUser(result.value);
  return ok(undefined);
}
