import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Config } from '../config/config';
import type { Db } from '../db/client';
import { oauthTokens, userShipTos, users } from '../db/schema';
import type { OAuthClient } from './clients';
import type { PrincipalCache } from './principal-cache';
import { OAuthError, badCredentials } from './oauth-error';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { hashToken } from './token-crypto';
import { issueTokens, type IssuedTokens } from './tokens';

/** After this many wrong passwords in a row the account locks, for LOCK_MINUTES only. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;
/** A refresh token presented again within this window (concurrent tabs) still works; later it is reuse. */
export const REFRESH_GRACE_SECONDS = 30;

type TokenTtls = Pick<Config, 'accessTokenTtlSeconds' | 'refreshTokenTtlSeconds'>;

export async function passwordGrant(
  db: Db,
  ttls: TokenTtls,
  client: OAuthClient,
  username: string,
  password: string,
): Promise<IssuedTokens> {
  const name = username.trim().toLowerCase();
  const rows = await db.select().from(users).where(eq(users.username, name)).limit(1);
  const user = rows[0];
  const locked = user?.lockedUntil ? user.lockedUntil.getTime() > Date.now() : false;
  // One argon2 verification on every path, so the time taken tells nothing about the account.
  const valid = user && !locked ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
  if (locked) throw new OAuthError(400, 'invalid_grant', 'Account Locked');
  if (!user || !valid) {
    await recordFailedLogin(db, name);
    throw badCredentials();
  }
  if (user.status === 'disabled') throw new OAuthError(400, 'invalid_grant', 'User is disabled');
  const held = await db.select({ code: userShipTos.shipToCode }).from(userShipTos).where(eq(userShipTos.userId, user.id)).limit(1);
  if (held.length === 0) throw new OAuthError(400, 'invalid_grant', 'Account not configured');
  if (user.failedLogins > 0 || user.lockedUntil) {
    await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
  }
  return issueTokens(db, {
    clientId: client.id,
    userId: user.id,
    accessTtlSeconds: ttls.accessTokenTtlSeconds,
    refreshTtlSeconds: ttls.refreshTokenTtlSeconds,
  });
}

/**
 * Counts a wrong password atomically; the Nth in a row locks the account for a while (never for good).
 * Runs for unknown usernames too (matching no row), so both failures make the same round trips; and the
 * commit does not wait for the WAL flush, which only a real write would pay for and which would tell a
 * known username from an unknown one. Losing the last count in a crash is harmless.
 */
async function recordFailedLogin(db: Db, username: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx
      .update(users)
      .set({
        failedLogins: sql`case when ${users.failedLogins} + 1 >= ${MAX_FAILED_LOGINS} then 0 else ${users.failedLogins} + 1 end`,
        lockedUntil: sql`case when ${users.failedLogins} + 1 >= ${MAX_FAILED_LOGINS}
          then now() + make_interval(mins => ${LOCK_MINUTES}) else ${users.lockedUntil} end`,
      })
      .where(eq(users.username, username));
  });
}

export function clientCredentialsGrant(db: Db, ttls: TokenTtls, client: OAuthClient): Promise<IssuedTokens> {
  return issueTokens(db, { clientId: client.id, userId: null, accessTtlSeconds: ttls.accessTokenTtlSeconds, scope: 'basic' });
}

const invalidRefresh = () => new OAuthError(400, 'invalid_grant', 'Invalid refresh token');

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
): Promise<IssuedTokens> {
  const rows = await db
    .select({ token: oauthTokens, userStatus: users.status })
    .from(oauthTokens)
    .innerJoin(users, eq(users.id, oauthTokens.userId))
    .where(eq(oauthTokens.refreshHash, hashToken(refreshToken)))
    .limit(1);
  const row = rows[0];
  if (!row || row.token.clientId !== client.id || row.token.revokedAt) throw invalidRefresh();
  const { token } = row;
  if (!token.refreshExpiresAt || token.refreshExpiresAt.getTime() <= Date.now()) throw invalidRefresh();
  if (row.userStatus !== 'active') {
    if (token.userId !== null) principals.forgetUser(token.userId);
    throw new OAuthError(400, 'invalid_grant', 'User is disabled');
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
      throw invalidRefresh();
    }
  }
  return issueTokens(db, {
    clientId: client.id,
    userId: token.userId,
    family: token.family,
    scope: token.scope,
    accessTtlSeconds: ttls.accessTokenTtlSeconds,
    refreshTtlSeconds: ttls.refreshTokenTtlSeconds,
  });
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
