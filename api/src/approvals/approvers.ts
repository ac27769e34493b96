import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { operators, userRoles, users } from '../db/schema';

/**
 * Who decides a held order or standing order (docs/approvals.md "Who decides"): the sold-to's approvers other
 * than the buyer; if there are none, its admins other than the buyer; if there are none, the operators in the
 * back office. Only active users count: a disabled approver decides nothing, so the decision moves up.
 */
export type DecidingTier = 'approvers' | 'admins' | 'operators';

export interface Decider {
  userId: number;
  name: string;
  email: string;
}

export interface Deciders {
  tier: DecidingTier;
  /** The users of the tier; empty when operators decide. */
  users: Decider[];
}

/** What the rule needs to know of an order: whose sold-to it is and who placed it. */
export interface HeldFor {
  soldToCode: string;
  userId: number;
}

async function activeHolders(db: DbOrTx, held: HeldFor, role: 'approver' | 'admin'): Promise<Decider[]> {
  return db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.soldToCode, held.soldToCode), eq(userRoles.role, role), ne(userRoles.userId, held.userId), eq(users.status, 'active')))
    .orderBy(users.id);
}

export async function decidersOf(db: DbOrTx, held: HeldFor): Promise<Deciders> {
  const approvers = await activeHolders(db, held, 'approver');
  if (approvers.length > 0) return { tier: 'approvers', users: approvers };
  const admins = await activeHolders(db, held, 'admin');
  if (admins.length > 0) return { tier: 'admins', users: admins };
  return { tier: 'operators', users: [] };
}

/**
 * The deciders of many orders at once (a queue), by "sold-to/buyer": the rule depends on both, so each pair
 * is worked out once.
 */
export async function decidersOfMany(db: DbOrTx, held: HeldFor[]): Promise<Map<string, Deciders>> {
  const byKey = new Map<string, Deciders>();
  for (const one of held) {
    const key = deciderKey(one);
    if (!byKey.has(key)) byKey.set(key, await decidersOf(db, one));
  }
  return byKey;
}

export const deciderKey = (held: HeldFor) => `${held.soldToCode}/${held.userId}`;

/** The sold-tos where a user holds a role that can decide (approver or admin): where their queue comes from. */
export async function decidingSoldTos(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ soldToCode: userRoles.soldToCode })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), inArray(userRoles.role, ['approver', 'admin'])));
  return rows.map((row) => row.soldToCode);
}

/**
 * The active operators: every operator role looks after orders (docs/back-office.md), so each is told of the
 * orders that fall to the back office.
 */
export async function decidingOperators(db: DbOrTx): Promise<{ name: string; email: string }[]> {
  return db.select({ name: operators.name, email: operators.email }).from(operators).where(eq(operators.status, 'active')).orderBy(operators.id);
}
