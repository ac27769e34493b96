import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { oauthTokens, users } from '../db/schema';
import type { ResolvedToken } from './principal-cache';
import { generateToken, hashToken } from './token-crypto';

export interface IssuedTokens {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  refresh_token?: string;
  scope: string;
}

export interface IssueOptions {
  clientId: string;
  userId: number | null;
  accessTtlSeconds: number;
  /** Undefined: no refresh token (client credentials). */
  refreshTtlSeconds?: number;
  /** The sign-in this pair descends from; a new sign-in starts a new family. */
  family?: string;
  scope?: string;
}

export async function issueTokens(db: DbOrTx, options: IssueOptions): Promise<IssuedTokens> {
  const now = Date.now();
  const accessToken = generateToken();
  const refreshToken = options.refreshTtlSeconds === undefined ? undefined : generateToken();
  const scope = options.scope ?? 'basic openid';
  await db.insert(oauthTokens).values({
    accessHash: hashToken(accessToken),
    refreshHash: refreshToken === undefined ? null : hashToken(refreshToken),
    clientId: options.clientId,
    userId: options.userId,
    scope,
    family: options.family ?? randomUUID(),
    accessExpiresAt: new Date(now + options.accessTtlSeconds * 1000),
    refreshExpiresAt:
      options.refreshTtlSeconds === undefined ? null : new Date(now + options.refreshTtlSeconds * 1000),
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: options.accessTtlSeconds,
    ...(refreshToken === undefined ? {} : { refresh_token: refreshToken }),
    scope,
  };
}

export interface AuthenticatedUser {
  id: number;
  username: string;
  customerId: string;
  name: string;
  email: string;
}

export type Principal =
  | { kind: 'anonymous' }
  /** `scopes`: what the token was granted, e.g. `basic orders:status` for an integration client. */
  | { kind: 'client'; clientId: string; scopes: string[] }
  | { kind: 'user'; clientId: string; user: AuthenticatedUser };

/**
 * Resolves an access token by its hash; null when it is unknown, expired, revoked, or its user may no
 * longer sign in.
 */
export async function resolveAccessToken(db: DbOrTx, accessHash: string): Promise<ResolvedToken | null> {
  const rows = await db
    .select({
      clientId: oauthTokens.clientId,
      family: oauthTokens.family,
      scope: oauthTokens.scope,
      expiresAt: oauthTokens.accessExpiresAt,
      userId: users.id,
      username: users.username,
      customerId: users.customerId,
      name: users.name,
      email: users.email,
      status: users.status,
    })
    .from(oauthTokens)
    .leftJoin(users, eq(users.id, oauthTokens.userId))
    .where(and(eq(oauthTokens.accessHash, accessHash), isNull(oauthTokens.revokedAt)))
    .limit(1);
  const row = rows[0];
  const expiresAt = row?.expiresAt.getTime() ?? 0;
  if (!row || expiresAt <= Date.now()) return null;
  const resolved = (principal: Principal): ResolvedToken => ({ principal, family: row.family, expiresAt });
  if (row.userId === null) return resolved({ kind: 'client', clientId: row.clientId, scopes: row.scope.split(' ') });
  if (row.status !== 'active') return null;
  return resolved({
    kind: 'user',
    clientId: row.clientId,
    user: {
      id: row.userId,
      username: row.username ?? '',
      customerId: row.customerId ?? '',
      name: row.name ?? '',
      email: row.email ?? '',
    },
  });
}
