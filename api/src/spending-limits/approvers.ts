import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { approvalLimits, operators, userRoles, users } from '../db/schema';

/**
 * Who decides a held order or standing order (docs/approvals.md "Who decides"): the sold-to's approvers other
 * than the buyer; if there are none, its admins other than the buyer; if there are none, the operators in the
 * back office. Only active users count: a disabled approver decides nothing, so the decision moves up. An
 * approver decides only up to their own order limit (their orderThreshold at the sold-to, as SAP's approval
 * thresholds): an order above it is not theirs, and with no approver left it moves up to the admins.
 */
export type DecidingTier = 'approvers' | 'admins' | 'operators';

export interface Decider {
  userId: number;
  name: string;
  email: string;
}

/** An approver the order is too big for: their own order limit (pence) is below its net total. */
export interface OverLimitApprover extends Decider {
  limitPence: number;
}

export interface Deciders {
  tier: DecidingTier;
  /** The users of the tier; empty when operators decide. */
  users: Decider[];
  /** The sold-to's approvers passed over because the order is above their own order limit. */
  overLimit: OverLimitApprover[];
}

/**
 * What the rule needs to know of an order: whose sold-to it is, who placed it and, for the approvers' own
 * limits, its net total (none: every approver may decide).
 */
export interface HeldFor {
  soldToCode: string;
  userId: number;
  netPence?: number;
}

async function activeHolders(db: DbOrTx, held: HeldFor, role: 'approver' | 'admin'): Promise<(Decider & { limitPence: number | null })[]> {
  return db
    .select({ userId: users.id, name: users.name, email: users.email, limitPence: approvalLimits.thresholdPence })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .leftJoin(
      approvalLimits,
      and(eq(approvalLimits.userId, userRoles.userId), eq(approvalLimits.soldToCode, userRoles.soldToCode), eq(approvalLimits.type, 'orderThreshold')),
    )
    .where(and(eq(userRoles.soldToCode, held.soldToCode), eq(userRoles.role, role), ne(userRoles.userId, held.userId), eq(users.status, 'active')))
    .orderBy(users.id);
}

const decider = ({ userId, name, email }: Decider): Decider => ({ userId, name, email });

export async function decidersOf(db: DbOrTx, held: HeldFor): Promise<Deciders> {
  const approvers = await activeHolders(db, held, 'approver');
  const over = (limitPence: number | null) => held.netPence !== undefined && limitPence !== null && held.netPence > limitPence;
  const within = approvers.filter((approver) => !over(approver.limitPence)).map(decider);
  const overLimit = approvers.flatMap((approver) => (approver.limitPence !== null && over(approver.limitPence) ? [{ ...decider(approver), limitPence: approver.limitPence }] : []));
  if (within.length > 0) return { tier: 'approvers', users: within, overLimit };
  const admins = await activeHolders(db, held, 'admin');
  if (admins.length > 0) return { tier: 'admins', users: admins.map(decider), overLimit };
  return { tier: 'operators', users: [], overLimit };
}

/**
 * The deciders of many orders at once (a queue), by sold-to, buyer and net total: the rule depends on all
 * three, so each is worked out once.
 */
export async function decidersOfMany(db: DbOrTx, held: HeldFor[]): Promise<Map<string, Deciders>> {
  const byKey = new Map<string, Deciders>();
  for (const one of held) {
    const key = deciderKey(one);
    if (!byKey.has(key)) byKey.set(key, await decidersOf(db, one));
  }
  return byKey;
}

export const deciderKey = (held: HeldFor) => `${held.soldToCode}/${held.userId}/${held.netPence ?? ''}`;

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

/** Who a held order waits for, as its buyer is told ("Waiting for Priya Shah"): the tier and its people's names. */
export interface WaitingFor {
  decidedBy: DecidingTier;
  /** Empty when the back office decides. */
  names: string[];
}

/** Who decides a held order now; null for an order not waiting for a decision. */
export async function waitingFor(db: DbOrTx, order: HeldFor & { status: string }): Promise<WaitingFor | null> {
  if (order.status !== 'pendingApproval') return null;
  const deciders = await decidersOf(db, order);
  return { decidedBy: deciders.tier, names: deciders.users.map((user) => user.name) };
}
