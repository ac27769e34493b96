import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { shipTos, userRoles, userShipTos } from '../db/schema/index';

/**
 * Roles are per sold-to (docs/people.md). Every user is a `buyer` of the sold-tos of their ship-tos; an
 * `approver` decides on the held orders of that sold-to's ship-tos; an `admin` runs its users, roles and
 * limits. Only approver and admin are stored (user_roles).
 */
export const COMPANY_ROLES = ['buyer', 'approver', 'admin'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export type StoredRole = Exclude<CompanyRole, 'buyer'>;

export const isCompanyRole = (value: string): value is CompanyRole => (COMPANY_ROLES as readonly string[]).includes(value);

/** A user's roles per sold-to code: buyer for the sold-tos of their ship-tos, plus what is stored. */
export async function rolesBySoldTo(db: DbOrTx, userId: number): Promise<Map<string, CompanyRole[]>> {
  const [bought, stored] = await Promise.all([
    db
      .selectDistinct({ soldToCode: shipTos.soldToCode })
      .from(userShipTos)
      .innerJoin(shipTos, eq(shipTos.code, userShipTos.shipToCode))
      .where(eq(userShipTos.userId, userId)),
    db.select({ soldToCode: userRoles.soldToCode, role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)),
  ]);
  const roles = new Map<string, CompanyRole[]>();
  const add = (soldTo: string, role: CompanyRole) => {
    const held = roles.get(soldTo) ?? [];
    if (!held.includes(role)) held.push(role);
    roles.set(soldTo, held);
  };
  for (const row of bought) add(row.soldToCode, 'buyer');
  for (const row of stored) if (isCompanyRole(row.role)) add(row.soldToCode, row.role);
  for (const held of roles.values()) held.sort((a, b) => COMPANY_ROLES.indexOf(a) - COMPANY_ROLES.indexOf(b));
  return roles;
}

/** The sold-tos where the user holds `role` (for approver and admin: stored; for buyer: of their ship-tos). */
export async function soldTosWithRole(db: DbOrTx, userId: number, role: CompanyRole): Promise<string[]> {
  const roles = await rolesBySoldTo(db, userId);
  return [...roles].filter(([, held]) => held.includes(role)).map(([soldTo]) => soldTo);
}

/** Replaces the stored roles of a user at the given sold-tos (buyer, implied, is ignored), in the caller's transaction. */
export async function setStoredRoles(tx: DbOrTx, userId: number, roles: { soldTo: string; role: CompanyRole }[], soldTos: string[]): Promise<void> {
  if (soldTos.length > 0) await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), inArray(userRoles.soldToCode, soldTos)));
  const stored = roles.filter((entry): entry is { soldTo: string; role: StoredRole } => entry.role !== 'buyer');
  if (stored.length > 0) {
    await tx
      .insert(userRoles)
      .values(stored.map((entry) => ({ userId, soldToCode: entry.soldTo, role: entry.role })))
      .onConflictDoNothing();
  }
}
