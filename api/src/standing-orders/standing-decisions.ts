import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import { approvalDecisions, shipTos, standingOrders, users } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import { money } from '../pricing/money';
import { priceContext, type PriceContext } from '../pricing/price-adjuster';
import { lineView } from './standing-view';
import { standingLines, type StandingOrderRow } from './standing-queries';
import { deciderKey, decidersOf, decidersOfMany, decidingSoldTos, type DecidingTier } from '../spending-limits/approvers';
import type { DecisionInput } from '../approvals/decisions';
import type { ApprovalProblem } from '../approvals/problems';
import { sellableNet } from './standing-approval';

interface StandingRow {
  standingOrder: StandingOrderRow;
  soldToCode: string;
  shipToName: string;
  buyer: { name: string; email: string };
}

const columns = { standingOrder: standingOrders, soldToCode: shipTos.soldToCode, shipToName: shipTos.name, buyer: { name: users.name, email: users.email } };

function standingRows(db: DbOrTx) {
  return db.select(columns).from(standingOrders).innerJoin(shipTos, eq(shipTos.code, standingOrders.shipToCode)).innerJoin(users, eq(users.id, standingOrders.userId));
}

/** What a standing order's lines are priced for when no one delivery is meant. */
const standingContext = ({ soldToCode, standingOrder }: StandingRow): PriceContext => priceContext({ soldToCode, shipToCode: standingOrder.shipToCode, range: standingOrder.range }, null);

/** A standing order's delivery net total now, of the lines that can be ordered. */
async function deliveryNet(db: DbOrTx, row: StandingRow): Promise<number> {
  const lines = (await standingLines(db, [row.standingOrder.id], standingContext(row))).get(row.standingOrder.id) ?? [];
  return sellableNet(lines, row.standingOrder.range);
}

export type StandingDecisionResult = Result<StandingOrderRow, ApprovalProblem>;

/** A company user's decision on a standing order waiting for approval: the same scope rules as for orders (decisions.ts). */
export async function decideStandingAsUser(db: Db, user: { id: number }, code: string, input: DecisionInput): Promise<StandingDecisionResult> {
  if (input.decision === 'REJECT' && !input.comment) return fail({ kind: 'commentRequired' });
  return inTransaction(db, async (tx) => {
    const [row] = await standingRows(tx).where(eq(standingOrders.code, code)).for('update', { of: standingOrders });
    if (!row) return fail({ kind: 'standingOrderNotFound', code });
    if (row.standingOrder.userId === user.id) return fail({ kind: 'ownOrder', code });
    if (!(await decidingSoldTos(tx, user.id)).includes(row.soldToCode)) return fail({ kind: 'standingOrderNotFound', code });
    const deciders = await decidersOf(tx, { soldToCode: row.soldToCode, userId: row.standingOrder.userId });
    if (!deciders.users.some((decider) => decider.userId === user.id)) return fail({ kind: 'standingOrderNotFound', code });
    return decideStanding(tx, row, input, { userId: user.id, operatorId: null });
  });
}

/** An operator's decision on a standing order whose sold-to has no other approver or admin. */
export async function decideStandingAsOperator(db: Db, operator: { id: number }, code: string, input: DecisionInput): Promise<StandingDecisionResult> {
  if (input.decision === 'REJECT' && !input.comment) return fail({ kind: 'commentRequired' });
  return inTransaction(db, async (tx) => {
    const [row] = await standingRows(tx).where(eq(standingOrders.code, code)).for('update', { of: standingOrders });
    if (!row) return fail({ kind: 'standingOrderNotFound', code });
    if ((await decidersOf(tx, { soldToCode: row.soldToCode, userId: row.standingOrder.userId })).tier !== 'operators') return fail({ kind: 'companyDecides', code });
    return decideStanding(tx, row, input, { userId: null, operatorId: operator.id });
  });
}

/**
 * Approval records the delivery total of this moment as the approved one (a delivery more than 10 % over it is
 * not placed, standing-approval.ts); rejection keeps every delivery from being placed until the lines change.
 */
async function decideStanding(tx: Tx, row: StandingRow, input: DecisionInput, by: { userId: number | null; operatorId: number | null }): Promise<StandingDecisionResult> {
  const { standingOrder } = row;
  if (standingOrder.approvalStatus !== 'pending') return fail({ kind: 'standingNotPending', code: standingOrder.code, status: standingOrder.approvalStatus });
  const approved = input.decision === 'APPROVE';
  const [updated] = await tx
    .update(standingOrders)
    .set({ approvalStatus: approved ? 'approved' : 'rejected', approvedNetPence: approved ? await deliveryNet(tx, row) : null })
    .where(eq(standingOrders.id, standingOrder.id))
    .returning();
  if (!updated) throw new Error(`standing order ${standingOrder.code} vanished while locked`);
  await tx.insert(approvalDecisions).values({
    standingOrderId: standingOrder.id,
    decision: input.decision,
    comment: input.comment,
    ...by,
  });
  return ok(updated);
}

/** A standing order waiting for approval, as a decider's queue shows it: who, where, when, its lines and total now. */
async function standingQueueItems(db: DbOrTx, rows: StandingRow[], keep: (tier: DecidingTier, userIds: number[]) => boolean) {
  const deciders = await decidersOfMany(db, rows.map((row) => ({ soldToCode: row.soldToCode, userId: row.standingOrder.userId })));
  const items = [];
  for (const row of rows) {
    const own = deciders.get(deciderKey({ soldToCode: row.soldToCode, userId: row.standingOrder.userId }));
    if (!own || !keep(own.tier, own.users.map((user) => user.userId))) continue;
    const { standingOrder } = row;
    const lines = (await standingLines(db, [standingOrder.id], standingContext(row))).get(standingOrder.id) ?? [];
    items.push({
      code: standingOrder.code,
      name: standingOrder.name,
      shipTo: { code: standingOrder.shipToCode, name: row.shipToName },
      salesOrg: standingOrder.range,
      weekdays: standingOrder.weekdays,
      startDate: standingOrder.startDate,
      endDate: standingOrder.endDate,
      placedBy: row.buyer,
      lines: lines.map(lineView),
      deliveryTotal: money(sellableNet(lines, standingOrder.range)),
      decidedBy: own.tier,
    });
  }
  return items;
}

export type StandingQueueItem = Awaited<ReturnType<typeof standingQueueItems>>[number];

const waiting = eq(standingOrders.approvalStatus, 'pending');
const notEnded = ne(standingOrders.status, 'ended');

/** The standing orders waiting for this user's approval, oldest first. */
export async function userStandingQueue(db: DbOrTx, userId: number): Promise<StandingQueueItem[]> {
  const soldTos = await decidingSoldTos(db, userId);
  if (soldTos.length === 0) return [];
  const rows = await standingRows(db)
    .where(and(waiting, notEnded, inArray(shipTos.soldToCode, soldTos), ne(standingOrders.userId, userId)))
    .orderBy(asc(standingOrders.id));
  return standingQueueItems(db, rows, (_tier, userIds) => userIds.includes(userId));
}

/** The back office's standing orders waiting for approval: those that fall to operators, or with `all` every one. */
export async function operatorStandingQueue(db: DbOrTx, all: boolean): Promise<StandingQueueItem[]> {
  const rows = await standingRows(db).where(and(waiting, notEnded)).orderBy(asc(standingOrders.id));
  return standingQueueItems(db, rows, (tier) => all || tier === 'operators');
}
