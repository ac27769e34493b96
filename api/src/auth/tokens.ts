import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { assistedSessions, oauthTokens, operators, users } from '../db/schema';
import { idleEndOf, markIdleSessionEnded, type AssistedBy } from './assisted-sessions';
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
  /** The session in which an operator acts for the user (auth/assisted-sessions.ts). */
  assistedSessionId?: number;
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
    assistedSessionId: options.assistedSessionId ?? null,
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
  /** `assisted`: an operator holds this token, acting for the user (docs/assisted-service.md). */
  | { kind: 'user'; clientId: string; user: AuthenticatedUser; assisted?: AssistedBy };

/** What resolving the token of an assisted session that has ended (by hand, or idle) answers. */
export const ASSISTED_SESSION_ENDED = 'assistedSessionEnded';

/**
 * Resolves an access token by its hash; null when it is unknown, expired, revoked, or its user may no
 * longer sign in; ASSISTED_SESSION_ENDED when the operator session it belongs to has ended or gone idle.
 * An assisted token resolves for no longer than its session's idle end, so a cached principal is re-checked.
 */
export async function resolveAccessToken(db: DbOrTx, accessHash: string): Promise<ResolvedToken | typeof ASSISTED_SESSION_ENDED | null> {
  const rows = await db
    .select({
      clientId: oauthTokens.clientId,
      family: oauthTokens.family,
      scope: oauthTokens.scope,
      expiresAt: oauthTokens.accessExpiresAt,
      revokedAt: oauthTokens.revokedAt,
      userId: users.id,
      username: users.username,
      customerId: users.customerId,
      name: users.name,
      email: users.email,
      status: users.status,
      sessionId: assistedSessions.id,
      sessionEndedAt: assistedSessions.endedAt,
      lastActiveAt: assistedSessions.lastActiveAt,
      sessionShipTo: assistedSessions.shipToCode,
      operatorId: operators.id,
      operatorName: operators.name,
      operatorEmail: operators.email,
      operatorStatus: operators.status,
    })
    .from(oauthTokens)
    .leftJoin(users, eq(users.id, oauthTokens.userId))
    .leftJoin(assistedSessions, eq(assistedSessions.id, oauthTokens.assistedSessionId))
    .leftJoin(operators, eq(operators.id, assistedSessions.operatorId))
    .where(eq(oauthTokens.accessHash, accessHash))
    .limit(1);
  const row = rows[0];
  const now = Date.now();
  const tokenExpiresAt = row?.expiresAt.getTime() ?? 0;
  if (!row || tokenExpiresAt <= now) return null;
  // Ending a session revokes its tokens; the shop is still told why, not just that the token is bad.
  if (row.revokedAt !== null) return row.sessionEndedAt !== null ? ASSISTED_SESSION_ENDED : null;
  const resolved = (principal: Principal, expiresAt = tokenExpiresAt): ResolvedToken => ({ principal, family: row.family, expiresAt });
  if (row.userId === null) return resolved({ kind: 'client', clientId: row.clientId, scopes: row.scope.split(' ') });
  if (row.status !== 'active') return null;
  const user: AuthenticatedUser = {
    id: row.userId,
    username: row.username ?? '',
    customerId: row.customerId ?? '',
    name: row.name ?? '',
    email: row.email ?? '',
  };
  if (row.sessionId === null) return resolved({ kind: 'user', clientId: row.clientId, user });
  if (row.sessionEndedAt !== null || row.lastActiveAt === null || row.operatorId === null || row.operatorStatus !== 'active') return ASSISTED_SESSION_ENDED;
  const idleEnd = idleEndOf(row.lastActiveAt).getTime();
  if (idleEnd <= now) {
    await markIdleSessionEnded(db, row.sessionId, row.lastActiveAt);
    return ASSISTED_SESSION_ENDED;
  }
  const assisted: AssistedBy = { sessionId: row.sessionId, operatorId: row.operatorId, operatorName: row.operatorName ?? '', operatorEmail: row.operatorEmail ?? '', shipTo: row.sessionShipTo ?? '' };
  return resolved({ kind: 'user', clientId: row.clientId, user, assisted }, Math.min(tokenExpiresAt, idleEnd));
}
