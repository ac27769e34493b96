import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accountTokens, approvalLimits, shipTos, soldTos, userRoles, users, userShipTos } from '../db/schema';
import { COMPANY_ROLES, isCompanyRole, rolesBySoldTo, type CompanyRole } from '../users/roles';

/** What a company admin runs: the sold-tos where they are admin, and every role they hold at each. */
export interface AdminScope {
  adminId: number;
  soldTos: string[];
  held: Map<string, CompanyRole[]>;
}

export async function adminScope(db: DbOrTx, adminId: number): Promise<AdminScope> {
  const held = await rolesBySoldTo(db, adminId);
  const administered = [...held].filter(([, roles]) => roles.includes('admin')).map(([soldTo]) => soldTo).sort();
  return { adminId, soldTos: administered, held };
}

export interface RolesAt {
  soldTo: string;
  roles: CompanyRole[];
}

/** A pending invitation: the user has chosen no password yet; `expired` once the latest link no longer works. */
export interface InvitationView {
  sentAt: string | null;
  expiresAt: string | null;
  expired: boolean;
}

/** One user as their company admin sees them: only what lies within the admin's sold-tos. */
export interface OrgUserView {
  uid: string;
  name: string;
  email: string;
  status: string;
  shipTos: string[];
  roles: RolesAt[];
  /** Their own per-order limit in pence (the lowest where they differ between sold-tos), or null. */
  orderLimit: number | null;
  lastSignInAt: string | null;
  invitation: InvitationView | null;
}

/** An admin's sold-tos and their ship-tos, which the admin may give to users. */
export async function scopeShipTos(db: DbOrTx, scope: AdminScope) {
  if (scope.soldTos.length === 0) return { soldTos: [], shipTos: [] };
  const [soldToRows, shipToRows] = await Promise.all([
    db.select({ code: soldTos.code, name: soldTos.name }).from(soldTos).where(inArray(soldTos.code, scope.soldTos)).orderBy(asc(soldTos.code)),
    db
      .select({ code: shipTos.code, name: shipTos.name, soldTo: shipTos.soldToCode })
      .from(shipTos)
      .where(inArray(shipTos.soldToCode, scope.soldTos))
      .orderBy(asc(shipTos.name), asc(shipTos.code)),
  ]);
  return { soldTos: soldToRows.map((row) => ({ ...row, roles: scope.held.get(row.code) ?? [] })), shipTos: shipToRows };
}

/** The ids of the users with a ship-to or a role at one of `soldToCodes`. */
async function usersWithin(db: DbOrTx, soldToCodes: string[]): Promise<number[]> {
  if (soldToCodes.length === 0) return [];
  const [ordering, holding] = await Promise.all([
    db
      .selectDistinct({ userId: userShipTos.userId })
      .from(userShipTos)
      .innerJoin(shipTos, eq(shipTos.code, userShipTos.shipToCode))
      .where(inArray(shipTos.soldToCode, soldToCodes)),
    db.selectDistinct({ userId: userRoles.userId }).from(userRoles).where(inArray(userRoles.soldToCode, soldToCodes)),
  ]);
  return [...new Set([...ordering, ...holding].map((row) => row.userId))];
}

/** Whether the user has a ship-to or a role within the admin's sold-tos (otherwise they do not exist for the admin). */
export async function isWithinScope(db: DbOrTx, scope: AdminScope, userId: number): Promise<boolean> {
  if (scope.soldTos.length === 0) return false;
  const [ordering] = await db
    .select({ userId: userShipTos.userId })
    .from(userShipTos)
    .innerJoin(shipTos, eq(shipTos.code, userShipTos.shipToCode))
    .where(and(eq(userShipTos.userId, userId), inArray(shipTos.soldToCode, scope.soldTos)))
    .limit(1);
  if (ordering) return true;
  const [holding] = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), inArray(userRoles.soldToCode, scope.soldTos)))
    .limit(1);
  return holding !== undefined;
}

/** The users of the admin's sold-tos, by name, or only `onlyUserId`. */
export async function listOrgUsers(db: DbOrTx, scope: AdminScope, now: Date, onlyUserId?: number): Promise<OrgUserView[]> {
  const ids = onlyUserId === undefined ? await usersWithin(db, scope.soldTos) : [onlyUserId];
  if (ids.length === 0) return [];
  const [userRows, shipToRows, roleRows, limitRows, tokenRows] = await Promise.all([
    db
      .select({ id: users.id, username: users.username, name: users.name, email: users.email, status: users.status, passwordHash: users.passwordHash, lastSignInAt: users.lastSignInAt })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(asc(users.name), asc(users.username)),
    db
      .select({ userId: userShipTos.userId, code: userShipTos.shipToCode, soldTo: shipTos.soldToCode })
      .from(userShipTos)
      .innerJoin(shipTos, eq(shipTos.code, userShipTos.shipToCode))
      .where(and(inArray(userShipTos.userId, ids), inArray(shipTos.soldToCode, scope.soldTos)))
      .orderBy(asc(userShipTos.position), asc(userShipTos.shipToCode)),
    db.select().from(userRoles).where(and(inArray(userRoles.userId, ids), inArray(userRoles.soldToCode, scope.soldTos))),
    db
      .select({ userId: approvalLimits.userId, thresholdPence: approvalLimits.thresholdPence })
      .from(approvalLimits)
      .where(and(inArray(approvalLimits.userId, ids), inArray(approvalLimits.soldToCode, scope.soldTos), eq(approvalLimits.type, 'orderThreshold'))),
    db
      .select({ userId: accountTokens.userId, createdAt: accountTokens.createdAt, expiresAt: accountTokens.expiresAt, usedAt: accountTokens.usedAt })
      .from(accountTokens)
      .where(and(inArray(accountTokens.userId, ids), eq(accountTokens.purpose, 'invitation')))
      .orderBy(desc(accountTokens.id)),
  ]);
  return userRows.map((user) => {
    const own = shipToRows.filter((row) => row.userId === user.id);
    const roles = new Map<string, CompanyRole[]>();
    for (const row of own) roles.set(row.soldTo, ['buyer']);
    for (const row of roleRows) {
      if (row.userId !== user.id || !isCompanyRole(row.role)) continue;
      roles.set(row.soldToCode, [...(roles.get(row.soldToCode) ?? []), row.role]);
    }
    const limits = limitRows.filter((row) => row.userId === user.id).map((row) => row.thresholdPence);
    return {
      uid: user.username,
      name: user.name,
      email: user.email,
      status: user.status,
      shipTos: own.map((row) => row.code),
      roles: [...roles]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([soldTo, held]) => ({ soldTo, roles: held.sort((a, b) => COMPANY_ROLES.indexOf(a) - COMPANY_ROLES.indexOf(b)) })),
      orderLimit: limits.length > 0 ? Math.min(...limits) : null,
      lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
      invitation: user.passwordHash === '!' ? invitationOf(tokenRows.find((row) => row.userId === user.id), now) : null,
    };
  });
}

function invitationOf(latest: { createdAt: Date; expiresAt: Date; usedAt: Date | null } | undefined, now: Date): InvitationView {
  if (!latest) return { sentAt: null, expiresAt: null, expired: true };
  return { sentAt: latest.createdAt.toISOString(), expiresAt: latest.expiresAt.toISOString(), expired: latest.usedAt !== null || latest.expiresAt <= now };
}
