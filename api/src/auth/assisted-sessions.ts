import { and, eq, isNull, lt } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import type { Db, DbOrTx } from '../db/client';
import { assistedSessions, oauthTokens, operators, shipTos, users } from '../db/schema';
import { inTransaction } from '../errors/transaction';
import { fail, ok, type Result } from '../errors/result';
import type { AssistedSessionProblem } from './problems';

/**
 * An operator acting for a customer (docs/assisted-service.md): their tokens are the user's own kind of token,
 * tied to an assisted_sessions row, which ends by hand or after IDLE_MINUTES without a request.
 */
export const ASSISTED_IDLE_MINUTES = 30;
const IDLE_MS = ASSISTED_IDLE_MINUTES * 60_000;
/** last_active_at is written at most this often per session and process: a burst of requests costs one write. */
const TOUCH_EVERY_MS = 60_000;

/** Who holds an assisted token: the principal carries it beside the user. */
export interface AssistedBy {
  sessionId: number;
  operatorId: number;
  operatorName: string;
  operatorEmail: string;
  /** The ship-to the operator chose to act at. */
  shipTo: string;
}

type AssistedEndReason = 'ended' | 'idle';

export const idleEndOf = (lastActiveAt: Date): Date => new Date(lastActiveAt.getTime() + IDLE_MS);

/** The session went idle: it ended when its idle time ran out, and its tokens are revoked with it. */
export async function markIdleSessionEnded(db: DbOrTx, sessionId: number, lastActiveAt: Date): Promise<void> {
  const endedAt = idleEndOf(lastActiveAt);
  const ended = await db
    .update(assistedSessions)
    .set({ endedAt, endReason: 'idle' })
    .where(and(eq(assistedSessions.id, sessionId), isNull(assistedSessions.endedAt)))
    .returning({ id: assistedSessions.id });
  if (ended.length > 0) await revokeSessionTokens(db, sessionId, endedAt);
}

async function revokeSessionTokens(db: DbOrTx, sessionId: number, at: Date): Promise<void> {
  await db
    .update(oauthTokens)
    .set({ revokedAt: at })
    .where(and(eq(oauthTokens.assistedSessionId, sessionId), isNull(oauthTokens.revokedAt)));
}

/**
 * Keeps each running session's last_active_at fresh without a write per request: the first request of a session
 * this process sees writes, then one a minute at most. The idle end is therefore measured from at most a minute
 * before the last request.
 */
export class AssistedActivity {
  private readonly touched = new Map<number, number>();

  constructor(private readonly db: Db) {}

  async touch(sessionId: number, now = Date.now()): Promise<void> {
    const last = this.touched.get(sessionId);
    if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
    this.touched.set(sessionId, now);
    // Forget sessions not seen for longer than they can stay idle, so the map does not grow without end.
    for (const [id, at] of this.touched) if (now - at > IDLE_MS) this.touched.delete(id);
    await this.db
      .update(assistedSessions)
      .set({ lastActiveAt: new Date(now) })
      .where(and(eq(assistedSessions.id, sessionId), isNull(assistedSessions.endedAt), lt(assistedSessions.lastActiveAt, new Date(now))));
  }
}

interface AssistedSessionView {
  id: number;
  operator: { name: string };
  user: { name: string };
  shipTo: { code: string; name: string };
  startedAt: string;
  idleEndsAt: string;
}

/** The running session an assisted token belongs to, as the shop's banner shows it. */
export async function readAssistedSession(db: DbOrTx, sessionId: number): Promise<Result<AssistedSessionView, AssistedSessionProblem>> {
  const rows = await db
    .select({
      id: assistedSessions.id,
      operatorName: operators.name,
      userName: users.name,
      shipToCode: shipTos.code,
      shipToName: shipTos.name,
      startedAt: assistedSessions.startedAt,
      lastActiveAt: assistedSessions.lastActiveAt,
    })
    .from(assistedSessions)
    .innerJoin(operators, eq(operators.id, assistedSessions.operatorId))
    .innerJoin(users, eq(users.id, assistedSessions.userId))
    .innerJoin(shipTos, eq(shipTos.code, assistedSessions.shipToCode))
    .where(and(eq(assistedSessions.id, sessionId), isNull(assistedSessions.endedAt)))
    .limit(1);
  const row = rows[0];
  if (!row) return fail({ kind: 'sessionNotFound' });
  return ok({
    id: row.id,
    operator: { name: row.operatorName },
    user: { name: row.userName },
    shipTo: { code: row.shipToCode, name: row.shipToName },
    startedAt: row.startedAt.toISOString(),
    idleEndsAt: idleEndOf(row.lastActiveAt).toISOString(),
  });
}

/**
 * Ends a session and revokes its tokens at once, audited under its operator. Ending one that has already ended
 * changes nothing. The caller forgets the session's cached principals (PrincipalCache.forgetAssistedSession).
 */
export async function endAssistedSession(db: Db, sessionId: number, reason: AssistedEndReason): Promise<void> {
  await inTransaction<null, never>(db, async (tx) => {
    const now = new Date();
    const ended = await tx
      .update(assistedSessions)
      .set({ endedAt: now, endReason: reason })
      .where(and(eq(assistedSessions.id, sessionId), isNull(assistedSessions.endedAt)))
      .returning({ operatorId: assistedSessions.operatorId, userId: assistedSessions.userId, shipTo: assistedSessions.shipToCode });
    const session = ended[0];
    if (!session) return ok(null);
    await revokeSessionTokens(tx, sessionId, now);
    const [user] = await tx.select({ username: users.username }).from(users).where(eq(users.id, session.userId));
    await recordAudit(tx, { operatorId: session.operatorId, action: 'assisted.end', subject: `user:${user?.username ?? session.userId}`, after: { sessionId, shipTo: session.shipTo, endReason: reason } });
    return ok(null);
  });
}
