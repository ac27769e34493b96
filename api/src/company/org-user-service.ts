import { and, asc, eq, inArray, max, notInArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { shipTos, soldTos, userRoles, users, userShipTos } from '../db/schema';
import { voidTokens } from '../account-tokens/account-tokens';
import { setUserOrderLimit } from '../approvals/user-order-limit';
import { recordAudit } from '../audit/record-audit';
import { fail, ok, type Result } from '../errors/result';
import type { RateLimit, RateLimitRule } from '../operations/rate-limit';
import { inTransaction, isUniqueViolation } from '../errors/transaction';
import { disableUser } from '../users/disable-user';
import { enableUser } from '../users/enable-user';
import { inviteUser, sendInvitation } from './invitations';
import { adminScope, isWithinScope, listOrgUsers, scopeShipTos, type AdminScope, type OrgUserView, type RolesAt } from './org-users';
import type { CompanyProblem } from './problems';
import { setStoredRoles, type CompanyRole } from '../users/roles';
import type { Cause } from '../tracing/cause';

export interface InviteInput {
  email: string;
  name: string;
  shipTos: string[];
  roles?: RolesAt[];
  orderLimit?: number | null;
}

export interface UserChange {
  shipTos?: string[];
  roles?: RolesAt[];
  active?: boolean;
  orderLimit?: number | null;
}

/** What a use case needs beyond the database: who acts, when, and the key that seals mail tokens. */
export interface Acting {
  adminId: number;
  now: Date;
  mailTokenKey: Buffer;
  cause?: Cause;
}

type Outcome<T> = Result<T, CompanyProblem>;

/**
 * The admin's scope with their sold-tos locked for the rest of the transaction: two admins changing the users of
 * one sold-to at once take turns, so neither can remove the other as the last admin (docs/people.md).
 */
async function lockedScope(tx: Tx, adminId: number): Promise<AdminScope | undefined> {
  const scope = await adminScope(tx, adminId);
  if (scope.soldTos.length === 0) return undefined;
  await tx.select({ code: soldTos.code }).from(soldTos).where(inArray(soldTos.code, scope.soldTos)).orderBy(asc(soldTos.code)).for('update');
  // Read again under the lock: a concurrent change may have disabled the admin or taken the role meanwhile.
  const [admin] = await tx.select({ status: users.status }).from(users).where(eq(users.id, adminId));
  const current = await adminScope(tx, adminId);
  return admin?.status !== 'active' || current.soldTos.length === 0 ? undefined : current;
}

/** The sold-to of each given ship-to, all of them within the admin's sold-tos; else the first that is not. */
async function shipTosInScope(tx: Tx, scope: AdminScope, codes: string[]): Promise<Outcome<Map<string, string>>> {
  const rows = codes.length === 0 ? [] : await tx.select({ code: shipTos.code, soldTo: shipTos.soldToCode }).from(shipTos).where(inArray(shipTos.code, codes));
  const found = new Map(rows.filter((row) => scope.soldTos.includes(row.soldTo)).map((row) => [row.code, row.soldTo]));
  const missing = codes.find((code) => !found.has(code));
  return missing === undefined ? ok(found) : fail({ kind: 'shipToNotFound', shipTo: missing });
}

/**
 * Checks the roles asked for: each sold-to the admin's and one where the user orders; no role given that the admin
 * does not hold there (a role the user already has may stay). Answers the stored roles to write.
 */
function checkRoles(scope: AdminScope, asked: RolesAt[], userSoldTos: Set<string>, current: Map<string, CompanyRole[]>): Outcome<{ soldTo: string; role: CompanyRole }[]> {
  const wanted: { soldTo: string; role: CompanyRole }[] = [];
  for (const entry of asked) {
    if (!scope.soldTos.includes(entry.soldTo)) return fail({ kind: 'soldToNotFound', soldTo: entry.soldTo });
    const stored = entry.roles.filter((role) => role !== 'buyer');
    if (stored.length > 0 && !userSoldTos.has(entry.soldTo)) return fail({ kind: 'roleWithoutShipTo', soldTo: entry.soldTo });
    for (const role of stored) {
      const had = current.get(entry.soldTo)?.includes(role) ?? false;
      if (!had && !(scope.held.get(entry.soldTo) ?? []).includes(role)) return fail({ kind: 'roleNotHeld', role, soldTo: entry.soldTo });
      wanted.push({ soldTo: entry.soldTo, role });
    }
  }
  return ok(wanted);
}

/** Every administered sold-to keeps an active admin; else the first that would not. */
async function checkAdminsLeft(tx: Tx, scope: AdminScope): Promise<Outcome<null>> {
  const rows = await tx
    .selectDistinct({ soldTo: userRoles.soldToCode })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(inArray(userRoles.soldToCode, scope.soldTos), eq(userRoles.role, 'admin'), eq(users.status, 'active')));
  const kept = new Set(rows.map((row) => row.soldTo));
  const orphaned = scope.soldTos.find((soldTo) => !kept.has(soldTo));
  return orphaned === undefined ? ok(null) : fail({ kind: 'lastAdmin', soldTo: orphaned });
}

/** The stored roles of a user at the admin's sold-tos. */
async function storedRoles(tx: Tx, scope: AdminScope, userId: number): Promise<Map<string, CompanyRole[]>> {
  const rows = await tx.select().from(userRoles).where(and(eq(userRoles.userId, userId), inArray(userRoles.soldToCode, scope.soldTos)));
  const roles = new Map<string, CompanyRole[]>();
  for (const row of rows) roles.set(row.soldToCode, [...(roles.get(row.soldToCode) ?? []), row.role as CompanyRole]);
  return roles;
}

/** The admin's sold-tos where the user has a ship-to. */
async function orderingSoldTos(tx: Tx, scope: AdminScope, userId: number): Promise<Set<string>> {
  const rows = await tx
    .selectDistinct({ soldTo: shipTos.soldToCode })
    .from(userShipTos)
    .innerJoin(shipTos, eq(shipTos.code, userShipTos.shipToCode))
    .where(and(eq(userShipTos.userId, userId), inArray(shipTos.soldToCode, scope.soldTos)));
  return new Set(rows.map((row) => row.soldTo));
}

/** What the audit log keeps of a user before and after an admin's change (disabling and enabling audit themselves). */
const auditState = (view: OrgUserView) => ({ shipTos: view.shipTos, roles: view.roles, orderLimit: view.orderLimit });

async function viewOf(tx: Tx, scope: AdminScope, userId: number, now: Date): Promise<OrgUserView> {
  const [view] = await listOrgUsers(tx, scope, now, userId);
  if (!view) throw new Error(`user ${userId} vanished within its transaction`);
  return view;
}

/** Invites a new user to some of the admin's ship-tos, with roles the admin holds and optionally an order limit. */
export async function inviteOrgUser(db: Db, acting: Acting, input: InviteInput): Promise<Outcome<OrgUserView>> {
  try {
    return await inTransaction<OrgUserView, CompanyProblem>(db, async (tx) => {
      const scope = await lockedScope(tx, acting.adminId);
      if (!scope) return fail({ kind: 'notCompanyAdmin' });
      const email = input.email.toLowerCase();
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, email)).limit(1);
      if (taken) return fail({ kind: 'emailTaken', email });
      const given = await shipTosInScope(tx, scope, input.shipTos);
      if (!given.ok) return given;
      const userSoldTos = new Set(given.value.values());
      const roles = checkRoles(scope, input.roles ?? [], userSoldTos, new Map());
      if (!roles.ok) return roles;
      const userId = await inviteUser(tx, { email, name: input.name, shipTos: input.shipTos, roles: roles.value }, acting.now, acting.mailTokenKey, { kind: 'admin', adminId: acting.adminId, cause: acting.cause });
      if (input.orderLimit != null) for (const soldTo of userSoldTos) await setUserOrderLimit(tx, soldTo, userId, input.orderLimit);
      const view = await viewOf(tx, scope, userId, acting.now);
      await recordAudit(tx, { operatorId: null, actorUserId: acting.adminId, action: 'company.user.invite', subject: `user:${email}`, after: auditState(view) });
      return ok(view);
    });
  } catch (error) {
    // Two admins inviting the same address at once: the second finds it taken.
    if (isUniqueViolation(error)) return fail({ kind: 'emailTaken', email: input.email.toLowerCase() });
    throw error;
  }
}

/** The user's row, locked, if they are within the admin's sold-tos. */
async function lockedUser(tx: Tx, scope: AdminScope, uid: string) {
  const [row] = await tx.select().from(users).where(eq(users.username, uid.toLowerCase())).for('update').limit(1);
  if (!row || !(await isWithinScope(tx, scope, row.id))) return undefined;
  return row;
}

/** Replaces the user's ship-tos within the admin's sold-tos; those elsewhere stay, first. */
async function replaceShipTos(tx: Tx, scope: AdminScope, userId: number, codes: string[]): Promise<void> {
  const inScope = tx.select({ code: shipTos.code }).from(shipTos).where(inArray(shipTos.soldToCode, scope.soldTos));
  await tx.delete(userShipTos).where(and(eq(userShipTos.userId, userId), inArray(userShipTos.shipToCode, inScope)));
  const [last] = await tx.select({ position: max(userShipTos.position) }).from(userShipTos).where(eq(userShipTos.userId, userId));
  const start = (last?.position ?? -1) + 1;
  if (codes.length > 0) await tx.insert(userShipTos).values(codes.map((shipToCode, index) => ({ userId, shipToCode, position: start + index })));
}

interface Changed {
  view: OrgUserView;
  /** The user this change disabled or removed, whose cached tokens the caller forgets. */
  disabledUserId: number | null;
  /**
   * True when "disable" took the user out of the admin's sold-tos instead: they also order or hold a role at
   * another company, and a user's status is global, so disabling them would lock them out there too.
   */
  removed: boolean;
}

/** Whether the user has a ship-to or a role at a sold-to the admin does not administer. */
async function belongsElsewhere(tx: Tx, scope: AdminScope, userId: number): Promise<boolean> {
  const [ordering] = await tx
    .select({ code: shipTos.code })
    .from(userShipTos)
    .innerJoin(shipTos, eq(shipTos.code, userShipTos.shipToCode))
    .where(and(eq(userShipTos.userId, userId), notInArray(shipTos.soldToCode, scope.soldTos)))
    .limit(1);
  if (ordering) return true;
  const [holding] = await tx.select({ soldTo: userRoles.soldToCode }).from(userRoles).where(and(eq(userRoles.userId, userId), notInArray(userRoles.soldToCode, scope.soldTos))).limit(1);
  return holding !== undefined;
}

/** Takes the user out of the admin's sold-tos: their ship-tos, roles and order limits there go, nothing else. */
async function removeFromScope(tx: Tx, scope: AdminScope, userId: number): Promise<void> {
  await replaceShipTos(tx, scope, userId, []);
  await setStoredRoles(tx, userId, [], scope.soldTos);
  for (const soldTo of scope.soldTos) await setUserOrderLimit(tx, soldTo, userId, null);
}

/**
 * Changes a user of the admin's sold-tos: ship-tos, roles, order limit and whether they may sign in. Disabling
 * revokes their tokens at once (users/disable-user.ts) and voids their unused invitation and reset links; the
 * caller forgets their cached tokens once this answers (`disabled`).
 */
export async function changeOrgUser(db: Db, acting: Acting, uid: string, change: UserChange): Promise<Outcome<Changed>> {
  return inTransaction<Changed, CompanyProblem>(db, async (tx) => {
    const scope = await lockedScope(tx, acting.adminId);
    if (!scope) return fail({ kind: 'notCompanyAdmin' });
    const user = await lockedUser(tx, scope, uid);
    if (!user) return fail({ kind: 'userNotFound', uid });
    const before = await viewOf(tx, scope, user.id, acting.now);

    if (change.active === false && user.status === 'active' && (await belongsElsewhere(tx, scope, user.id))) {
      if (user.id === acting.adminId) return fail({ kind: 'cannotDisableSelf' });
      await removeFromScope(tx, scope, user.id);
      const adminsLeft = await checkAdminsLeft(tx, scope);
      if (!adminsLeft.ok) return adminsLeft;
      const view = await viewOf(tx, scope, user.id, acting.now);
      await recordAudit(tx, { operatorId: null, actorUserId: acting.adminId, action: 'company.user.remove', subject: `user:${user.username}`, before: auditState(before), after: auditState(view) });
      return ok({ view, disabledUserId: user.id, removed: true });
    }

    if (change.shipTos !== undefined) {
      const given = await shipTosInScope(tx, scope, change.shipTos);
      if (!given.ok) return given;
      await replaceShipTos(tx, scope, user.id, change.shipTos);
    }
    const userSoldTos = await orderingSoldTos(tx, scope, user.id);
    const current = await storedRoles(tx, scope, user.id);
    // Roles and limits go with the ship-tos: none stays at a sold-to where the user no longer orders.
    const left = scope.soldTos.filter((soldTo) => !userSoldTos.has(soldTo));
    if (change.roles !== undefined) {
      const roles = checkRoles(scope, change.roles, userSoldTos, current);
      if (!roles.ok) return roles;
      await setStoredRoles(tx, user.id, roles.value, scope.soldTos);
    } else if (left.length > 0) {
      await setStoredRoles(tx, user.id, [], left);
    }
    for (const soldTo of left) await setUserOrderLimit(tx, soldTo, user.id, null);
    if (change.orderLimit !== undefined) for (const soldTo of userSoldTos) await setUserOrderLimit(tx, soldTo, user.id, change.orderLimit);

    let disabledUserId: number | null = null;
    if (change.active === false && user.status === 'active') {
      if (user.id === acting.adminId) return fail({ kind: 'cannotDisableSelf' });
      await disableUser(tx, user, { operatorId: null, actorUserId: acting.adminId });
      await voidTokens(tx, 'invitation', { userId: user.id }, acting.now);
      await voidTokens(tx, 'reset', { userId: user.id }, acting.now);
      disabledUserId = user.id;
    } else if (change.active === true && user.status === 'disabled') {
      await enableUser(tx, user, { operatorId: null, actorUserId: acting.adminId });
    }
    const adminsLeft = await checkAdminsLeft(tx, scope);
    if (!adminsLeft.ok) return adminsLeft;

    const view = await viewOf(tx, scope, user.id, acting.now);
    const [was, is] = [auditState(before), auditState(view)];
    if (JSON.stringify(was) !== JSON.stringify(is)) {
      await recordAudit(tx, { operatorId: null, actorUserId: acting.adminId, action: 'company.user.update', subject: `user:${user.username}`, before: was, after: is });
    }
    return ok({ view, disabledUserId, removed: false });
  });
}

/** Invitation mails one user may be resent: enough for a lost mail or two, never an inbox flooded (docs/people.md). */
export const INVITATION_RESENDS: RateLimitRule = { name: 'invitation-resends', limit: 3, windowSeconds: 24 * 60 * 60 };

/**
 * A new invitation link for a user who has not chosen a password yet; the old link stops working. `resends`
 * counts them per user (INVITATION_RESENDS), whoever asks; a resend over it sends nothing.
 */
export async function resendOrgInvitation(db: Db, acting: Acting, uid: string, resends: RateLimit): Promise<Outcome<OrgUserView>> {
  return inTransaction<OrgUserView, CompanyProblem>(db, async (tx) => {
    const scope = await lockedScope(tx, acting.adminId);
    if (!scope) return fail({ kind: 'notCompanyAdmin' });
    const user = await lockedUser(tx, scope, uid);
    if (!user) return fail({ kind: 'userNotFound', uid });
    if (user.passwordHash !== '!') return fail({ kind: 'invitationAccepted', uid: user.username });
    if (user.status !== 'active') return fail({ kind: 'userDisabled', uid: user.username });
    const allowance = await resends.consume(`user:${user.id}`);
    if (!allowance.allowed) return fail({ kind: 'resendLimited', uid: user.username, limit: INVITATION_RESENDS.limit, retryAfterSeconds: allowance.retryAfterSeconds });
    await sendInvitation(tx, { id: user.id, name: user.name, email: user.email }, acting.now, acting.mailTokenKey, { kind: 'admin', adminId: acting.adminId, cause: acting.cause });
    await recordAudit(tx, { operatorId: null, actorUserId: acting.adminId, action: 'company.user.invitation', subject: `user:${user.username}` });
    return ok(await viewOf(tx, scope, user.id, acting.now));
  });
}

/** The users of the admin's sold-tos, with the sold-tos and ship-tos the admin may give. */
export async function readOrgUsers(db: Db, adminId: number, now: Date) {
  const scope = await adminScope(db, adminId);
  if (scope.soldTos.length === 0) return fail<CompanyProblem>({ kind: 'notCompanyAdmin' });
  const [list, giveable] = await Promise.all([listOrgUsers(db, scope, now), scopeShipTos(db, scope)]);
  return ok({ users: list, ...giveable });
}
