import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Config } from '../config/config';
import type { Db } from '../db/client';
import { auditLog, oauthTokens, userShipTos, users } from '../db/schema';
import type { OAuthClient } from './clients';
import type { PrincipalCache } from './principal-cache';
import type { SignInLimits } from './sign-in-limits';
import { fail, ok, type Result } from '../errors/result';
import type { GrantProblem } from './problems';
import { verifyAgainstDummy, type PasswordCheck } from './passwords';
import { hashToken } from './token-crypto';
import { issueTokens, type IssuedTokens } from './tokens';

/** The hash of a user who has set no password yet: nothing matches it. */
const NO_PASSWORD = '!';

/** A refresh token presented again within this window (concurrent tabs) still works; later it is reuse. */
export const REFRESH_GRACE_SECONDS = 30;

type TokenTtls = Pick<Config, 'accessTokenTtlSeconds' | 'refreshTokenTtlSeconds'>;

/**
 * The password grant. The try is taken from the sign-in limits before the password is checked; a name nobody has
 * is checked against a dummy hash and limited like any other, so nothing here tells whether an account exists.
 */
/**
 * Whether the user's company admin disabled them, so they are told to ask that admin rather than Meadowvale's
 * customer service: only someone who typed the right password learns it.
 */
async function disabledByCompany(db: Db, username: string): Promise<boolean> {
  const [latest] = await db
    .select({ actorUserId: auditLog.actorUserId })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'user.disable'), eq(auditLog.subject, `user:${username}`)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return latest?.actorUserId != null;
}

export async function passwordGrant(
  db: Db,
  ttls: TokenTtls,
  client: OAuthClient,
  attempt: { username: string; password: string; address: string },
  guard: { limits: SignInLimits; checkPassword: PasswordCheck },
): Promise<Result<IssuedTokens, GrantProblem>> {
  const name = attempt.username.trim().toLowerCase();
  const allowance = await guard.limits.take(name, attempt.address);
  if (!allowance.allowed) return fail(allowance.refusal === 'address' ? { kind: 'addressLimited', retryAfterSeconds: allowance.retryAfterSeconds } : { kind: 'locked' });
  const rows = await db.select().from(users).where(eq(users.username, name)).limit(1);
  const user = rows[0];
  // One argon2 verification on every path, so the time taken tells nothing about the account: an invited user
  // without a password yet ('!', company/invitations.ts) is checked against the dummy hash too.
  const hasPassword = user !== undefined && user.passwordHash !== NO_PASSWORD;
  const valid = hasPassword ? await guard.checkPassword(user.passwordHash, attempt.password) : await verifyAgainstDummy(guard.checkPassword, attempt.password);
  if (!user || !valid) return fail({ kind: 'badCredentials' });
  await guard.limits.release(name, attempt.address);
  if (user.status === 'disabled') return fail({ kind: 'userDisabled', byCompany: await disabledByCompany(db, user.username) });
  const held = await db.select({ code: userShipTos.shipToCode }).from(userShipTos).where(eq(userShipTos.userId, user.id)).limit(1);
  if (held.length === 0) return fail({ kind: 'accountNotConfigured' });
  // What a company admin sees as the user's last sign-in (docs/people.md); refreshes do not count.
  await db.update(users).set({ previousSignInAt: sql`${users.lastSignInAt}`, lastSignInAt: new Date() }).where(eq(users.id, user.id));
  return ok(
    await issueTokens(db, {
      clientId: client.id,
      userId: user.id,
      accessTtlSeconds: ttls.accessTokenTtlSeconds,
      refreshTtlSeconds: ttls.refreshTokenTtlSeconds,
    }),
  );
}

export function clientCredentialsGrant(db: Db, ttls: TokenTtls, client: OAuthClient): Promise<IssuedTokens> {
  return issueTokens(db, { clientId: client.id, userId: null, accessTtlSeconds: ttls.accessTokenTtlSeconds, scope: ['basic', ...client.scopes].join(' ') });
}

const invalidRefresh = () => fail<GrantProblem>({ kind: 'invalidRefreshToken' });

/**
 * Rotates a refresh token (RFC 9700 §4.14.2). Presenting one that was already rotated, after the grace
 * window, means it leaked: the whole family of tokens from that sign-in is revoked.
 */
export async function refreshGrant(
  db: Db,
  ttls: TokenTtls,
  principals: PrincipalCache,
  client: OAuthClient,
  refreshToken: string,
): Promise<Result<IssuedTokens, GrantProblem>> {
  const rows = await db
    .select({ token: oauthTokens, userStatus: users.status })
    .from(oauthTokens)
    .innerJoin(users, eq(users.id, oauthTokens.userId))
    .where(eq(oauthTokens.refreshHash, hashToken(refreshToken)))
    .limit(1);
  const row = rows[0];
  if (!row || row.token.clientId !== client.id || row.token.revokedAt) return invalidRefresh();
  const { token } = row;
  if (!token.refreshExpiresAt || token.refreshExpiresAt.getTime() <= Date.now()) return invalidRefresh();
  if (row.userStatus !== 'active') {
    if (token.userId !== null) principals.forgetUser(token.userId);
    return fail({ kind: 'userDisabled' });
  }

  const claimed = await db
    .update(oauthTokens)
    .set({ rotatedAt: new Date() })
    .where(and(eq(oauthTokens.id, token.id), isNull(oauthTokens.rotatedAt)))
    .returning({ id: oauthTokens.id });
  if (claimed.length === 0) {
    const rotatedAt = (await db.select({ at: oauthTokens.rotatedAt }).from(oauthTokens).where(eq(oauthTokens.id, token.id)))[0]?.at;
    const withinGrace = rotatedAt && Date.now() - rotatedAt.getTime() <= REFRESH_GRACE_SECONDS * 1000;
    if (!withinGrace) {
      await revokeFamily(db, principals, token.family);
      return invalidRefresh();
    }
  }
  return ok(
    await issueTokens(db, {
      clientId: client.id,
      userId: token.userId,
      family: token.family,
      scope: token.scope,
      accessTtlSeconds: ttls.accessTokenTtlSeconds,
      refreshTtlSeconds: ttls.refreshTokenTtlSeconds,
    }),
  );
}

export async function revokeFamily(db: Db, principals: PrincipalCache, family: string): Promise<void> {
  principals.forgetFamily(family);
  await db.update(oauthTokens).set({ revokedAt: new Date() }).where(and(eq(oauthTokens.family, family), isNull(oauthTokens.revokedAt)));
}

/** RFC 7009: revoking either token of a sign-in ends that sign-in; unknown tokens are not an error. */
export async function revokeToken(db: Db, principals: PrincipalCache, client: OAuthClient, token: string): Promise<void> {
  const hash = hashToken(token);
  const rows = await db
    .select({ family: oauthTokens.family, clientId: oauthTokens.clientId })
    .from(oauthTokens)
    .where(or(eq(oauthTokens.accessHash, hash), eq(oauthTokens.refreshHash, hash)))
    .limit(1);
  const row = rows[0];
  if (row && row.clientId === client.id) await revokeFamily(db, principals, row.family);
}
