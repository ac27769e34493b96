import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { approvalDecisions, operators, orders, shipTos, users } from '../db/schema';
import { orderCutoff } from '../orders/order-cutoff';
import { orderLinesOf, type OrderRecord } from '../orders/order-queries';
import { orderView } from '../orders/order-view';
import { orderVersion } from './decisions';
import { deciderKey, decidersOfMany, decidingSoldTos, type Deciders, type DecidingTier } from '../spending-limits/approvers';
import { money } from '../pricing/money';

/** One decision on an order as buyers, approvers and operators see it; `by` is a name, null for the system (expiry). */
export interface DecisionView {
  decision: string;
  comment: string | null;
  by: string | null;
  at: string;
}

/** The decisions on some orders, oldest first, by order id. */
export async function decisionsOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, DecisionView[]>> {
  const byOrder = new Map<number, DecisionView[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: approvalDecisions.orderId,
      decision: approvalDecisions.decision,
      comment: approvalDecisions.comment,
      userName: users.name,
      operatorName: operators.name,
      at: approvalDecisions.at,
    })
    .from(approvalDecisions)
    .leftJoin(users, eq(users.id, approvalDecisions.userId))
    .leftJoin(operators, eq(operators.id, approvalDecisions.operatorId))
    .where(inArray(approvalDecisions.orderId, orderIds))
    .orderBy(asc(approvalDecisions.id));
  for (const row of rows) {
    if (row.orderId === null) continue;
    byOrder.get(row.orderId)?.push({ decision: row.decision, comment: row.comment, by: row.userName ?? row.operatorName ?? null, at: row.at.toISOString() });
  }
  return byOrder;
}

interface HeldRow extends OrderRecord {
  buyer: { name: string; email: string };
}

/** Held orders with their ship-to, buyer and lines, by a condition on orders. */
async function heldOrders(db: DbOrTx, where: ReturnType<typeof and>): Promise<HeldRow[]> {
  const rows = await db
    .select({ order: orders, shipToName: shipTos.name, cutoffTime: shipTos.cutoffTime, buyer: { name: users.name, email: users.email } })
    .from(orders)
    .innerJoin(shipTos, eq(shipTos.code, orders.shipToCode))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where);
  const lines = await orderLinesOf(db, rows.map((row) => row.order.id));
  return rows.map((row) => ({ ...row, lines: lines.get(row.order.id) ?? [] }));
}

/** Whether the one asking decides an order; when not, the own order limit it is above (an approver passed over). */
interface Standing {
  canDecide: boolean;
  yourOrderLimitPence: number | null;
}

const DECIDES: Standing = { canDecide: true, yourOrderLimitPence: null };

/**
 * A held order in a decider's queue: the order as its page shows it (with its approval block: why it is held,
 * what was decided so far, the deadline), who placed it, who decides it, whether the one asking may, and the
 * time left.
 */
function queueItem(row: HeldRow, decisions: DecisionView[], tier: DecidingTier, standing: Standing, now: Date) {
  const cutoff = orderCutoff(row.order.deliveryDate, row.cutoffTime);
  return {
    ...orderView({ ...row, decisions }, now),
    placedBy: row.buyer,
    decidedBy: tier,
    /** False for an order above the asker's own order limit: listed so they know of it, decided by others. */
    canDecide: standing.canDecide,
    yourOrderLimit: standing.yourOrderLimitPence === null ? null : money(standing.yourOrderLimitPence),
    /** Send it back with the decision: an order amended since is then not decided unseen. */
    version: orderVersion(row.order, row.lines),
    /** Seconds to the cut-off, rounded up: the queue's order. */
    secondsLeft: Math.max(0, Math.ceil((cutoff.getTime() - now.getTime()) / 1000)),
  };
}

export type QueueItem = ReturnType<typeof queueItem>;

/**
 * Orders still decidable at `now` (cut-off not passed), soonest cut-off first, as queue items; `standingOf`
 * says whether the one asking decides each (undefined: not listed).
 */
async function queueOf(db: DbOrTx, rows: HeldRow[], now: Date, standingOf: (deciders: Deciders) => Standing | undefined): Promise<QueueItem[]> {
  const deciders = await decidersOfMany(db, rows.map((row) => row.order));
  const open = rows.flatMap((row) => {
    const own = deciders.get(deciderKey(row.order));
    const standing = own && standingOf(own);
    return own && standing && orderCutoff(row.order.deliveryDate, row.cutoffTime).getTime() > now.getTime() ? [{ row, tier: own.tier, standing }] : [];
  });
  const decisions = await decisionsOf(db, open.map(({ row }) => row.order.id));
  return open
    .map(({ row, tier, standing }) => queueItem(row, decisions.get(row.order.id) ?? [], tier, standing, now))
    .sort((a, b) => a.secondsLeft - b.secondsLeft || a.code.localeCompare(b.code));
}

/**
 * The orders waiting for this user's decision (docs/approvals.md "Who decides"), oldest cut-off first, and
 * those an approver would decide but for their own order limit, marked `canDecide: false`.
 */
export async function userApprovalQueue(db: DbOrTx, userId: number, now: Date): Promise<QueueItem[]> {
  const soldTos = await decidingSoldTos(db, userId);
  if (soldTos.length === 0) return [];
  const rows = await heldOrders(db, and(eq(orders.status, 'pendingApproval'), inArray(orders.soldToCode, soldTos), ne(orders.userId, userId)));
  return queueOf(db, rows, now, (deciders) => {
    if (deciders.users.some((user) => user.userId === userId)) return DECIDES;
    const over = deciders.overLimit.find((approver) => approver.userId === userId);
    return over ? { canDecide: false, yourOrderLimitPence: over.limitPence } : undefined;
  });
}

/** How many orders wait for this user's decision, and the soonest deadline among them: the menu's count and Home's notice. */
export async function userApprovalSummary(db: DbOrTx, userId: number, now: Date): Promise<{ waiting: number; earliestDeadline: string | null }> {
  const mine = (await userApprovalQueue(db, userId, now)).filter((item) => item.canDecide);
  return { waiting: mine.length, earliestDeadline: mine[0]?.approval?.deadline ?? null };
}

/**
 * The back office's queue: every held order still decidable, each saying who decides it; operators decide
 * those of `decidedBy: "operators"`. With `onlyOperators`, just those.
 */
export async function operatorApprovalQueue(db: DbOrTx, now: Date, onlyOperators: boolean): Promise<QueueItem[]> {
  const rows = await heldOrders(db, and(eq(orders.status, 'pendingApproval')));
  return queueOf(db, rows, now, (deciders) => (deciders.tier === 'operators' ? DECIDES : onlyOperators ? undefined : { canDecide: false, yourOrderLimitPence: null }));
}

/** One order as a queue item, whoever decides it (the answer to a decision). */
export async function decidedOrderView(db: DbOrTx, code: string, now: Date): Promise<QueueItem | undefined> {
  const [row] = await heldOrders(db, and(eq(orders.code, code)));
  if (!row) return undefined;
  const [deciders, decisions] = await Promise.all([decidersOfMany(db, [row.order]), decisionsOf(db, [row.order.id])]);
  const own = deciders.get(deciderKey(row.order));
  return queueItem(row, decisions.get(row.order.id) ?? [], own?.tier ?? 'operators', DECIDES, now);
}
