import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { accountTokens, operatorTokens, operators } from '../../db/schema';
import { issueToken, voidTokens } from '../../account-tokens/account-tokens';
import { sealToken } from '../../account-tokens/sealed-token';
import { recordAudit } from '../../audit/record-audit';
import { fail, ok, type Result } from '../../errors/result';
import { inTransaction } from '../../errors/transaction';
import { writeEvent } from '../../outbox/write-event';
import type { Operator } from '../auth/operator-tokens';
import type { OperatorRole } from '../auth/roles';
import { OPERATOR_INVITATION_CHANNELS, OPERATOR_INVITATION_TYPE, type OperatorInvitationData } from './operator-invitation-mail';
import type { Cause } from '../../tracing/cause';
import type { OperatorProblem } from './problems';

/** An operator's password until they accept their invitation: matches no password (argon2 cannot read it). */
const NO_PASSWORD = '!';

export interface OperatorEntry {
  id: number;
  email: string;
  name: string;
  role: string;
  status: string;
  /** False until the operator accepted their invitation by choosing a password. */
  passwordSet: boolean;
  /** The open invitation's end, while one is waiting. */
  invitationExpiresAt: string | null;
  createdAt: string;
}

/** What the use cases need besides the database: who acts, the clock, and the key that seals mailed tokens. */
export interface OperatorChange {
  by: Operator;
  now: Date;
  key: Buffer;
  /** The request making the change: the invitation mail's event carries it (tracing/cause.ts). */
  cause: Cause;
}

const entry = (row: typeof operators.$inferSelect, invitation: Date | undefined): OperatorEntry => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  status: row.status,
  passwordSet: row.passwordHash !== NO_PASSWORD,
  invitationExpiresAt: invitation?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** Every operator, by e-mail, with any invitation still waiting to be accepted. */
export async function listOperators(db: Db, now: Date): Promise<OperatorEntry[]> {
  const rows = await db.select().from(operators).orderBy(asc(operators.email));
  const ids = rows.map((row) => row.id);
  const open =
    ids.length === 0
      ? []
      : await db
          .select({ operatorId: accountTokens.operatorId, expiresAt: accountTokens.expiresAt })
          .from(accountTokens)
          .where(and(inArray(accountTokens.operatorId, ids), eq(accountTokens.purpose, 'operatorInvitation'), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
          .orderBy(desc(accountTokens.expiresAt));
  const invitations = new Map<number, Date>();
  for (const token of open) if (token.operatorId !== null && !invitations.has(token.operatorId)) invitations.set(token.operatorId, token.expiresAt);
  return rows.map((row) => entry(row, invitations.get(row.id)));
}

/** A new invitation link for the operator (any earlier one stops working), mailed through the outbox. */
async function sendOperatorInvitation(tx: Tx, operator: { id: number; email: string; name: string }, change: OperatorChange): Promise<Date> {
  const { token, expiresAt } = await issueToken(tx, 'operatorInvitation', { operatorId: operator.id }, change.now, { replacePrevious: true });
  await writeEvent<OperatorInvitationData>(tx, {
    type: OPERATOR_INVITATION_TYPE,
    key: `operator:${operator.id}`,
    cause: change.cause,
    channels: OPERATOR_INVITATION_CHANNELS,
    payload: {
      recipient: { name: operator.name, email: operator.email },
      invitedBy: change.by.name,
      sealedToken: sealToken(change.key, token),
      expiresAt: expiresAt.toISOString(),
    },
  });
  return expiresAt;
}

/** Creates an active operator without a password and invites them; audited. */
export async function inviteOperator(db: Db, input: { email: string; name: string; role: OperatorRole }, change: OperatorChange): Promise<Result<OperatorEntry, OperatorProblem>> {
  const email = input.email.toLowerCase();
  return inTransaction<OperatorEntry, OperatorProblem>(db, async (tx) => {
    const [row] = await tx.insert(operators).values({ email, name: input.name, role: input.role, passwordHash: NO_PASSWORD }).onConflictDoNothing().returning();
    if (!row) return fail({ kind: 'emailTaken', email });
    const expiresAt = await sendOperatorInvitation(tx, row, change);
    await recordAudit(tx, { operatorId: change.by.id, action: 'operator.invite', subject: `operator:${email}`, after: { name: row.name, role: row.role, status: row.status } });
    return ok(entry(row, expiresAt));
  });
}

async function lockedOperator(tx: Tx, id: number) {
  return (await tx.select().from(operators).where(eq(operators.id, id)).for('update').limit(1))[0];
}

/** Sends an invitation again to an operator who has not chosen a password yet; the old link stops working. */
export async function resendOperatorInvitation(db: Db, id: number, change: OperatorChange): Promise<Result<OperatorEntry, OperatorProblem>> {
  return inTransaction<OperatorEntry, OperatorProblem>(db, async (tx) => {
    const row = await lockedOperator(tx, id);
    if (!row) return fail({ kind: 'operatorNotFound', id });
    if (row.passwordHash !== NO_PASSWORD) return fail({ kind: 'alreadyAccepted', email: row.email });
    if (row.status !== 'active') return fail({ kind: 'statusUnchangeable', email: row.email, status: row.status, action: 'enable' });
    const expiresAt = await sendOperatorInvitation(tx, row, change);
    await recordAudit(tx, { operatorId: change.by.id, action: 'operator.invitation', subject: `operator:${row.email}` });
    return ok(entry(row, expiresAt));
  });
}

/**
 * Disables or enables an operator, audited. Disabling ends their signed-in sessions and every link mailed to
 * them (invitation, password reset) at once; an admin cannot disable themselves, so an admin always remains.
 */
export async function changeOperatorStatus(db: Db, id: number, action: 'disable' | 'enable', change: OperatorChange): Promise<Result<OperatorEntry, OperatorProblem>> {
  return inTransaction<OperatorEntry, OperatorProblem>(db, async (tx) => {
    const row = await lockedOperator(tx, id);
    if (!row) return fail({ kind: 'operatorNotFound', id });
    if (action === 'disable' && row.id === change.by.id) return fail({ kind: 'selfDisable' });
    const [from, to] = action === 'disable' ? ['active', 'disabled'] : ['disabled', 'active'];
    if (row.status !== from) return fail({ kind: 'statusUnchangeable', email: row.email, status: row.status, action });
    const [changed] = await tx.update(operators).set({ status: to }).where(eq(operators.id, id)).returning();
    if (!changed) return fail({ kind: 'operatorNotFound', id });
    if (action === 'disable') {
      await tx.update(operatorTokens).set({ revokedAt: change.now }).where(and(eq(operatorTokens.operatorId, id), isNull(operatorTokens.revokedAt)));
      await voidTokens(tx, 'operatorInvitation', { operatorId: id }, change.now);
      await voidTokens(tx, 'operatorReset', { operatorId: id }, change.now);
    }
    await recordAudit(tx, { operatorId: change.by.id, action: `operator.${action}`, subject: `operator:${row.email}`, before: { status: from }, after: { status: to } });
    return ok(entry(changed, undefined));
  });
}
