import { and, asc, eq } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit';
import { ASSISTED_IDLE_MINUTES } from '../../auth/assisted-sessions';
import { issueTokens } from '../../auth/tokens';
import type { Db, DbOrTx } from '../../db/client';
import { assistedSessions, shipTos, soldTos, users, userShipTos } from '../../db/schema';
import { fail, ok, type Result } from '../../errors/result';
import { inTransaction } from '../../errors/transaction';
import type { Operator } from '../auth/operator-tokens';
import { mayServeSoldTo } from '../operators/customer-scope';
import type { AssistedEndProblem, AssistedStartProblem, ShipToUsersProblem } from './problems';

/** An assisted token lasts a working day at most, and never past the operator's own sign-in. */
const MAX_SESSION_SECONDS = 8 * 3600;

interface StartRequest {
  username: string;
  shipTo: string;
  reason: string;
  /** The storefront's OAuth client: the token is one the shop uses like any customer's. */
  clientId: string;
  operatorTokenExpiresAt: Date;
}

interface StartedSession {
  id: number;
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  idleMinutes: number;
  operator: { name: string };
  user: { username: string; name: string; customerId: string };
  shipTo: { code: string; name: string; soldTo: string };
}

/**
 * Starts an operator's session acting for one user at one ship-to (docs/assisted-service.md): a customer access
 * token of the user, its own family and no refresh token, audited under the operator. The user's own sign-ins are
 * untouched, their last sign-in included.
 */
export async function startAssistedSession(db: Db, operator: Operator, request: StartRequest): Promise<Result<StartedSession, AssistedStartProblem>> {
  const expiresIn = Math.min(MAX_SESSION_SECONDS, Math.floor((request.operatorTokenExpiresAt.getTime() - Date.now()) / 1000));
  if (expiresIn <= 0) return fail({ kind: 'operatorTokenExpiring' });
  const username = request.username.trim().toLowerCase();
  return inTransaction<StartedSession, AssistedStartProblem>(db, async (tx) => {
    const rows = await tx
      .select({ user: { id: users.id, username: users.username, name: users.name, customerId: users.customerId, status: users.status }, shipTo: { code: shipTos.code, name: shipTos.name, soldTo: shipTos.soldToCode } })
      .from(users)
      .innerJoin(userShipTos, eq(userShipTos.userId, users.id))
      .innerJoin(shipTos, eq(shipTos.code, userShipTos.shipToCode))
      .where(and(eq(users.username, username), eq(userShipTos.shipToCode, request.shipTo)))
      .limit(1);
    const found = rows[0];
    if (!found || !(await mayServeSoldTo(tx, operator, found.shipTo.soldTo))) return fail({ kind: 'userShipToNotFound', username, shipTo: request.shipTo });
    if (found.user.status !== 'active') return fail({ kind: 'userDisabled', username });
    const [session] = await tx.insert(assistedSessions).values({ operatorId: operator.id, userId: found.user.id, shipToCode: found.shipTo.code, reason: request.reason }).returning({ id: assistedSessions.id });
    if (!session) throw new Error('assisted_sessions insert returned no row');
    const issued = await issueTokens(tx, { clientId: request.clientId, userId: found.user.id, accessTtlSeconds: expiresIn, assistedSessionId: session.id });
    await recordAudit(tx, { operatorId: operator.id, action: 'assisted.start', subject: `user:${found.user.username}`, after: { sessionId: session.id, shipTo: found.shipTo.code, reason: request.reason } });
    return ok({
      id: session.id,
      access_token: issued.access_token,
      token_type: 'bearer',
      expires_in: issued.expires_in,
      idleMinutes: ASSISTED_IDLE_MINUTES,
      operator: { name: operator.name },
      user: { username: found.user.username, name: found.user.name, customerId: found.user.customerId },
      shipTo: found.shipTo,
    });
  });
}

interface ShipToUsers {
  shipTo: { code: string; name: string; soldTo: string; soldToName: string };
  users: { username: string; name: string; status: string }[];
}

/** The users who hold a ship-to, for the operator to pick whom to act for; outside the operator's scope, none. */
export async function shipToUsers(db: DbOrTx, operator: Operator, code: string): Promise<Result<ShipToUsers, ShipToUsersProblem>> {
  const [shipTo] = await db
    .select({ code: shipTos.code, name: shipTos.name, soldTo: shipTos.soldToCode, soldToName: soldTos.name })
    .from(shipTos)
    .innerJoin(soldTos, eq(soldTos.code, shipTos.soldToCode))
    .where(eq(shipTos.code, code))
    .limit(1);
  if (!shipTo || !(await mayServeSoldTo(db, operator, shipTo.soldTo))) return fail({ kind: 'shipToNotFound', code });
  const holders = await db
    .select({ username: users.username, name: users.name, status: users.status })
    .from(userShipTos)
    .innerJoin(users, eq(users.id, userShipTos.userId))
    .where(eq(userShipTos.shipToCode, code))
    .orderBy(asc(users.name), asc(users.username));
  return ok({ shipTo, users: holders });
}

/** Which session the back office may end: the operator's own, or any for an admin. */
export async function endableSession(db: DbOrTx, operator: Operator, id: number): Promise<Result<number, AssistedEndProblem>> {
  const [session] = await db.select({ operatorId: assistedSessions.operatorId }).from(assistedSessions).where(eq(assistedSessions.id, id)).limit(1);
  if (!session || (session.operatorId !== operator.id && operator.role !== 'admin')) return fail({ kind: 'sessionNotFound', id });
  return ok(id);
}
