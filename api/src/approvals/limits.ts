import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import type { Db, DbOrTx, Tx } from '../db/client';
import { approvalLimits, shipTos, users, userShipTos } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import type { LimitType, PeriodRange } from '../spending-limits/limit-check';
import type { LimitProblem } from './limits-problems';
import { heldByLimit, recheckHeldOrders } from './recheck-held';
import type { Cause } from '../tracing/cause';
import { newLimitCode } from './user-order-limit';

/**
 * Who manages limits: a company admin, within the sold-tos they administer (anything else answers as
 * missing), or an operator, for every sold-to. Kept in the audit log as the actor.
 */
/** Whose limits, and the request changing them: the orders a change places carry it in their events (tracing/cause.ts). */
export type LimitScope = ({ kind: 'company'; userId: number; soldTos: string[] } | { kind: 'operator'; operatorId: number }) & { cause: Cause };

export interface LimitInput {
  type: LimitType;
  threshold: number;
  periodRange?: PeriodRange | null;
  shipTo?: string | null;
  user?: string | null;
  /** Only needed for a user who orders for more than one of the caller's sold-tos. */
  soldTo?: string;
}

export interface LimitChange {
  threshold?: number;
  periodRange?: PeriodRange;
}

/** A limit as the API answers it: threshold in pence, net of VAT. */
export interface LimitView {
  code: string;
  type: LimitType;
  threshold: number;
  periodRange: PeriodRange | null;
  soldTo: string;
  shipTo: { code: string; name: string } | null;
  user: { uid: string; name: string } | null;
  /** The held orders over this limit now: what changing or removing it re-checks. */
  heldOrders: number;
}

/** The first key of the two-key advisory lock taken while a sold-to's limits change; the second hashes its code. */
const LIMIT_CHANGES = 4_100_024;

/** A limit's columns with its ship-to's and user's names; the names are read with their own aliases, so no column is ambiguous. */
const limitColumns = {
  code: approvalLimits.code,
  type: approvalLimits.type,
  threshold: approvalLimits.thresholdPence,
  periodRange: approvalLimits.periodRange,
  soldTo: approvalLimits.soldToCode,
  shipToCode: approvalLimits.shipToCode,
  shipToName: sql<string | null>`(select s.name from ${shipTos} s where s.code = "approval_limits"."ship_to_code")`,
  uid: sql<string | null>`(select u.username from ${users} u where u.id = "approval_limits"."user_id")`,
  userName: sql<string | null>`(select u.name from ${users} u where u.id = "approval_limits"."user_id")`,
  heldOrders: heldByLimit(sql`"approval_limits"."code"`),
};

interface LimitRow {
  code: string;
  type: string;
  threshold: number;
  periodRange: string | null;
  soldTo: string;
  shipToCode: string | null;
  shipToName: string | null;
  uid: string | null;
  userName: string | null;
  heldOrders: number;
}

function limitView(row: LimitRow): LimitView {
  return {
    code: row.code,
    type: row.type as LimitType,
    threshold: row.threshold,
    periodRange: row.periodRange as PeriodRange | null,
    soldTo: row.soldTo,
    shipTo: row.shipToCode === null ? null : { code: row.shipToCode, name: row.shipToName ?? '' },
    user: row.uid === null ? null : { uid: row.uid, name: row.userName ?? '' },
    heldOrders: row.heldOrders,
  };
}

/** Only the sold-tos in scope: a company admin's; an operator's is every one. */
const inScope = (scope: LimitScope): SQL | undefined => (scope.kind === 'company' ? inArray(approvalLimits.soldToCode, scope.soldTos) : undefined);

const actor = (scope: LimitScope) => (scope.kind === 'company' ? { operatorId: null, actorUserId: scope.userId } : { operatorId: scope.operatorId });

/** The limits of the caller's sold-tos (or of one, `soldTo`), by sold-to and code. */
export async function listLimits(db: DbOrTx, scope: LimitScope, soldTo?: string): Promise<Result<LimitView[], LimitProblem>> {
  if (scope.kind === 'company' && scope.soldTos.length === 0) return fail({ kind: 'notCompanyAdmin' });
  const rows = await db
    .select(limitColumns)
    .from(approvalLimits)
    .where(and(inScope(scope), soldTo === undefined ? undefined : eq(approvalLimits.soldToCode, soldTo)))
    .orderBy(asc(approvalLimits.soldToCode), asc(approvalLimits.code));
  return ok(rows.map(limitView));
}

/**
 * Adds a limit: an orderThreshold for one ship-to or one user, or a periodThreshold (WEEK or MONTH) for a
 * ship-to. One of each kind per subject: a second answers with the first's code.
 */
export async function createLimit(db: Db, scope: LimitScope, input: LimitInput, now: Date): Promise<Result<LimitView, LimitProblem>> {
  if (scope.kind === 'company' && scope.soldTos.length === 0) return fail({ kind: 'notCompanyAdmin' });
  const shape = shapeProblem(input);
  if (shape) return fail(shape);
  return inTransaction(db, async (tx): Promise<Result<LimitView, LimitProblem>> => {
    const subject = input.shipTo ? await shipToSubject(tx, scope, input.shipTo, input.soldTo) : await userSubject(tx, scope, input.user as string, input.soldTo);
    if (!subject.ok) return subject;
    const { soldTo, shipToCode, userId } = subject.value;
    await lockLimitChanges(tx, soldTo);
    const periodRange = input.type === 'periodThreshold' ? (input.periodRange as PeriodRange) : null;
    const [existing] = await tx
      .select({ code: approvalLimits.code })
      .from(approvalLimits)
      .where(
        and(
          eq(approvalLimits.soldToCode, soldTo),
          eq(approvalLimits.type, input.type),
          shipToCode === null ? sql`${approvalLimits.shipToCode} is null` : eq(approvalLimits.shipToCode, shipToCode),
          userId === null ? sql`${approvalLimits.userId} is null` : eq(approvalLimits.userId, userId),
          periodRange === null ? undefined : eq(approvalLimits.periodRange, periodRange),
        ),
      );
    if (existing) return fail({ kind: 'limitExists', code: existing.code });
    const [created] = await tx
      .insert(approvalLimits)
      .values({ code: newLimitCode(), soldToCode: soldTo, type: input.type, thresholdPence: input.threshold, periodRange, shipToCode, userId })
      .returning({ code: approvalLimits.code });
    if (!created) throw new Error('limit insert returned nothing');
    await recheckHeldOrders(tx, soldTo, now, scope.cause);
    const view = await readLimit(tx, created.code);
    await recordAudit(tx, { ...actor(scope), action: 'approvalLimit.create', subject: `approvalLimit:${created.code}`, after: view });
    return ok(view);
  });
}

/** Changes a limit's threshold, or a period limit's range, and re-checks the sold-to's held orders. */
export async function updateLimit(db: Db, scope: LimitScope, code: string, change: LimitChange, now: Date): Promise<Result<LimitView, LimitProblem>> {
  if (scope.kind === 'company' && scope.soldTos.length === 0) return fail({ kind: 'notCompanyAdmin' });
  return inTransaction(db, async (tx): Promise<Result<LimitView, LimitProblem>> => {
    const before = await lockedLimit(tx, scope, code);
    if (!before) return fail({ kind: 'limitNotFound', code });
    if (change.periodRange !== undefined && before.type !== 'periodThreshold') return fail({ kind: 'periodRangeNotAllowed' });
    if (change.periodRange !== undefined && change.periodRange !== before.periodRange && before.shipTo) {
      await lockLimitChanges(tx, before.soldTo);
      const [same] = await tx
        .select({ code: approvalLimits.code })
        .from(approvalLimits)
        .where(and(eq(approvalLimits.shipToCode, before.shipTo.code), eq(approvalLimits.type, before.type), eq(approvalLimits.periodRange, change.periodRange)));
      if (same) return fail({ kind: 'limitExists', code: same.code });
    }
    await tx
      .update(approvalLimits)
      .set({ ...(change.threshold === undefined ? {} : { thresholdPence: change.threshold }), ...(change.periodRange === undefined ? {} : { periodRange: change.periodRange }) })
      .where(eq(approvalLimits.code, code));
    await recheckHeldOrders(tx, before.soldTo, now, scope.cause);
    const after = await readLimit(tx, code);
    await recordAudit(tx, { ...actor(scope), action: 'approvalLimit.update', subject: `approvalLimit:${code}`, before, after });
    return ok(after);
  });
}

/** Removes a limit and re-checks the sold-to's held orders: those within every limit left are placed. */
export async function deleteLimit(db: Db, scope: LimitScope, code: string, now: Date): Promise<Result<void, LimitProblem>> {
  if (scope.kind === 'company' && scope.soldTos.length === 0) return fail({ kind: 'notCompanyAdmin' });
  return inTransaction(db, async (tx): Promise<Result<void, LimitProblem>> => {
    const before = await lockedLimit(tx, scope, code);
    if (!before) return fail({ kind: 'limitNotFound', code });
    await tx.delete(approvalLimits).where(eq(approvalLimits.code, code));
    await recheckHeldOrders(tx, before.soldTo, now, scope.cause);
    await recordAudit(tx, { ...actor(scope), action: 'approvalLimit.delete', subject: `approvalLimit:${code}`, before });
    return ok(undefined);
  });
}

/** The rules of §"Limits" on which fields go together, before anything is looked up. */
function shapeProblem(input: LimitInput): LimitProblem | undefined {
  const shipTo = Boolean(input.shipTo);
  const user = Boolean(input.user);
  if (input.type === 'periodThreshold') {
    if (user) return { kind: 'periodForShipToOnly' };
    if (!shipTo) return { kind: 'subjectMissing' };
    if (!input.periodRange) return { kind: 'periodRangeMissing' };
    return undefined;
  }
  if (input.periodRange) return { kind: 'periodRangeNotAllowed' };
  if (shipTo && user) return { kind: 'subjectTwice' };
  if (!shipTo && !user) return { kind: 'subjectMissing' };
  return undefined;
}

interface Subject {
  soldTo: string;
  shipToCode: string | null;
  userId: number | null;
}

async function shipToSubject(tx: Tx, scope: LimitScope, shipTo: string, soldTo: string | undefined): Promise<Result<Subject, LimitProblem>> {
  const [row] = await tx.select({ soldTo: shipTos.soldToCode }).from(shipTos).where(eq(shipTos.code, shipTo));
  if (!row || (scope.kind === 'company' && !scope.soldTos.includes(row.soldTo))) return fail({ kind: 'shipToNotFound', shipTo });
  if (soldTo !== undefined && soldTo !== row.soldTo) return fail({ kind: 'soldToMismatch', shipTo, soldTo });
  return ok({ soldTo: row.soldTo, shipToCode: shipTo, userId: null });
}

/** A user's limit belongs to one of the sold-tos they order for (and, for a company admin, administers). */
async function userSubject(tx: Tx, scope: LimitScope, uid: string, soldTo: string | undefined): Promise<Result<Subject, LimitProblem>> {
  const rows = await tx
    .selectDistinct({ userId: users.id, soldTo: shipTos.soldToCode })
    .from(users)
    .innerJoin(userShipTos, eq(userShipTos.userId, users.id))
    .innerJoin(shipTos, eq(shipTos.code, userShipTos.shipToCode))
    .where(eq(users.username, uid.trim().toLowerCase()));
  const candidates = rows.filter((row) => scope.kind === 'operator' || scope.soldTos.includes(row.soldTo));
  const [first] = candidates;
  if (!first) return fail({ kind: 'userNotFound', user: uid });
  if (soldTo !== undefined) {
    const chosen = candidates.find((row) => row.soldTo === soldTo);
    return chosen ? ok({ soldTo, shipToCode: null, userId: chosen.userId }) : fail({ kind: 'soldToNotFound', soldTo });
  }
  if (candidates.length > 1) return fail({ kind: 'soldToNeeded', user: uid });
  return ok({ soldTo: first.soldTo, shipToCode: null, userId: first.userId });
}

/** Two admins adding the same limit at once: the second waits and finds the first's. */
async function lockLimitChanges(tx: Tx, soldTo: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LIMIT_CHANGES}, hashtext(${soldTo}))`);
}

async function lockedLimit(tx: Tx, scope: LimitScope, code: string): Promise<LimitView | undefined> {
  const [row] = await tx
    .select(limitColumns)
    .from(approvalLimits)
    .where(and(eq(approvalLimits.code, code), inScope(scope)))
    .for('update');
  return row && limitView(row);
}

async function readLimit(db: DbOrTx, code: string): Promise<LimitView> {
  const [row] = await db.select(limitColumns).from(approvalLimits).where(eq(approvalLimits.code, code));
  if (!row) throw new Error(`limit ${code} vanished in its own transaction`);
  return limitView(row);
}
