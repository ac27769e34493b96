import { asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { voidTokens } from '../../account-tokens/account-tokens';
import { recordAudit } from '../../audit/record-audit';
import { inviteUser } from '../../company/invitations';
import type { StoredRole } from '../../users/roles';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { operators, registrationRequests, shipTos, soldTos, users } from '../../db/schema';
import { fail, ok, type Result } from '../../errors/result';
import { inTransaction } from '../../errors/transaction';
import { writeEvent } from '../../outbox/write-event';
import { DECLINED_TYPE, REGISTRATION_MAIL_CHANNELS, type DeclinedData } from '../../registrations/registration-mail';
import type { RegistrationDecisionProblem } from './problems';
import type { Cause } from '../../tracing/cause';

export type RegistrationStatus = 'unconfirmed' | 'confirmed' | 'approved' | 'declined';

/** One request as the back office shows it. */
export interface RegistrationView {
  id: number;
  email: string;
  name: string;
  companyName: string;
  phone: string;
  postcode: string;
  message: string;
  status: string;
  createdAt: string;
  confirmedAt: string | null;
  decidedAt: string | null;
  decidedBy: string | null;
  declineReason: string | null;
  username: string | null;
}

const VIEW_COLUMNS = {
  id: registrationRequests.id,
  email: registrationRequests.email,
  name: registrationRequests.name,
  companyName: registrationRequests.companyName,
  phone: registrationRequests.phone,
  postcode: registrationRequests.postcode,
  message: registrationRequests.message,
  status: registrationRequests.status,
  createdAt: registrationRequests.createdAt,
  confirmedAt: registrationRequests.confirmedAt,
  decidedAt: registrationRequests.decidedAt,
  decidedBy: operators.email,
  declineReason: registrationRequests.declineReason,
  username: users.username,
};

type ViewRow = Omit<RegistrationView, 'createdAt' | 'confirmedAt' | 'decidedAt'> & { createdAt: Date; confirmedAt: Date | null; decidedAt: Date | null };

const present = (row: ViewRow): RegistrationView => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

const viewQuery = (db: DbOrTx) =>
  db
    .select(VIEW_COLUMNS)
    .from(registrationRequests)
    .leftJoin(operators, eq(operators.id, registrationRequests.decidedBy))
    .leftJoin(users, eq(users.id, registrationRequests.userId));

/**
 * Requests of one status: the confirmed ones (awaiting a decision) oldest first, as they should be dealt
 * with; decided ones newest first.
 */
export async function listRegistrations(db: Db, status: RegistrationStatus, page: number, pageSize: number) {
  const order = status === 'confirmed' ? asc(registrationRequests.confirmedAt) : desc(registrationRequests.id);
  const [rows, total] = await Promise.all([
    viewQuery(db).where(eq(registrationRequests.status, status)).orderBy(order, asc(registrationRequests.id)).limit(pageSize).offset(page * pageSize),
    db.select({ n: count() }).from(registrationRequests).where(eq(registrationRequests.status, status)),
  ]);
  return { registrations: rows.map(present), totalResults: Number(total[0]?.n ?? 0) };
}

async function readView(tx: DbOrTx, id: number): Promise<RegistrationView> {
  const [row] = await viewQuery(tx).where(eq(registrationRequests.id, id));
  if (!row) throw new Error(`registration request ${id} vanished`);
  return present(row);
}

/** The request, locked for the decision, if it awaits one. */
async function lockConfirmed(tx: Tx, id: number): Promise<Result<typeof registrationRequests.$inferSelect, RegistrationDecisionProblem>> {
  const [row] = await tx.select().from(registrationRequests).where(eq(registrationRequests.id, id)).for('update');
  if (!row) return fail({ kind: 'registrationNotFound', id });
  if (row.status !== 'confirmed') return fail({ kind: 'registrationNotConfirmed', id, status: row.status });
  return ok(row);
}

export interface Approval {
  soldTo: string;
  shipTos: string[];
  roles: StoredRole[];
}

/**
 * Approves a confirmed request: the user is created with the chosen ship-tos of one sold-to and the roles
 * given there, and invited (company/invitations.ts), in one transaction with the audit entry.
 */
export async function approveRegistration(db: Db, operator: { id: number; cause?: Cause }, id: number, approval: Approval, now: Date, key: Buffer): Promise<Result<RegistrationView, RegistrationDecisionProblem>> {
  return inTransaction<RegistrationView, RegistrationDecisionProblem>(db, async (tx) => {
    const locked = await lockConfirmed(tx, id);
    if (!locked.ok) return locked;
    const request = locked.value;
    const [soldTo] = await tx.select({ code: soldTos.code }).from(soldTos).where(eq(soldTos.code, approval.soldTo));
    if (!soldTo) return fail({ kind: 'soldToNotFound', soldTo: approval.soldTo });
    const owned = await tx.select({ code: shipTos.code, soldToCode: shipTos.soldToCode }).from(shipTos).where(inArray(shipTos.code, approval.shipTos));
    const stray = approval.shipTos.find((code) => owned.find((row) => row.code === code)?.soldToCode !== soldTo.code);
    if (stray !== undefined) return fail({ kind: 'shipToNotOfSoldTo', shipTo: stray, soldTo: soldTo.code });
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.username, request.email), eq(sql`lower(${users.email})`, request.email)))
      .limit(1);
    if (taken) return fail({ kind: 'addressTaken', email: request.email });
    const userId = await inviteUser(
      tx,
      { email: request.email, name: request.name, shipTos: approval.shipTos, roles: approval.roles.map((role) => ({ soldTo: soldTo.code, role })) },
      now,
      key,
      { kind: 'registration', requestedAt: request.createdAt, cause: operator.cause },
    );
    await tx.update(registrationRequests).set({ status: 'approved', userId, decidedBy: operator.id, decidedAt: now }).where(eq(registrationRequests.id, id));
    await recordAudit(tx, {
      operatorId: operator.id,
      action: 'registration.approve',
      subject: `registration:${id}`,
      before: { status: 'confirmed', email: request.email },
      after: { status: 'approved', username: request.email, soldTo: soldTo.code, shipTos: approval.shipTos, roles: approval.roles },
    });
    return ok(await readView(tx, id));
  });
}

/** Declines a confirmed request with a reason, which is e-mailed to the requester. */
export async function declineRegistration(db: Db, operator: { id: number; cause: Cause }, id: number, reason: string, now: Date): Promise<Result<RegistrationView, RegistrationDecisionProblem>> {
  return inTransaction<RegistrationView, RegistrationDecisionProblem>(db, async (tx) => {
    const locked = await lockConfirmed(tx, id);
    if (!locked.ok) return locked;
    const request = locked.value;
    await tx.update(registrationRequests).set({ status: 'declined', declineReason: reason, decidedBy: operator.id, decidedAt: now }).where(eq(registrationRequests.id, id));
    await voidTokens(tx, 'registrationConfirm', { registrationId: id }, now);
    await writeEvent<DeclinedData>(tx, {
      type: DECLINED_TYPE,
      key: `registration:${id}`,
      cause: operator.cause,
      channels: REGISTRATION_MAIL_CHANNELS,
      payload: { recipient: { name: request.name, email: request.email }, reason },
    });
    await recordAudit(tx, { operatorId: operator.id, action: 'registration.decline', subject: `registration:${id}`, before: { status: 'confirmed', email: request.email }, after: { status: 'declined', reason } });
    return ok(await readView(tx, id));
  });
}
