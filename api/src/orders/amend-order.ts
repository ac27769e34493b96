import { eq } from 'drizzle-orm';
import { productsByCode } from '../carts/products-by-code';
import type { Db, Tx } from '../db/client';
import { orderLines, orders } from '../db/schema';
import type { Clock } from '../delivery/delivery-dates';
import { fail, ok, type Result } from '../errors/result';
import { checkLimits, orderToCheck, type ApprovalReason } from '../approvals/limit-check';
import { writeApprovalRequests } from '../approvals/approval-mail';
import { writeApprovalChanges, type ApprovalChange } from '../approvals/approval-change-mail';
import { amendOutcome, waitsForDecision, type AmendOutcome } from '../approvals/amend-approval';
import { decidersOf, type DecidingTier } from '../approvals/approvers';
import { formatLondonIso } from '../time/london-time';
import { orderCutoff } from './order-cutoff';
import { moveOrder } from '../order-status/move-order';
import { orderEvent } from './order-event';
import { writeEvent } from '../outbox/write-event';
import { priceAmendedLines, type WantedLine } from './amended-lines';
import { changeOwnedOrder, onOwnedOrder, type LockedOrder, type OrderChangeOutcome } from './order-change';
import type { OrderRow } from './order-queries';
import type { OrderChangeProblem } from './problems';

export interface Amendment {
  entries: WantedLine[];
  /** Undefined keeps the order's value; null clears it. */
  purchaseOrderNumber?: string | null;
  deliveryInstructions?: string | null;
}

/**
 * Replaces an order's lines, PO number and instructions until its cut-off. Prices, VAT and totals are taken
 * again from the sold-to's prices of this moment, as if the order were placed now, and the limits are
 * checked again (docs/approvals.md "Amending"; the outcomes in approvals/amend-approval.ts).
 */
export async function amendOrder(db: Db, clock: Clock, userId: number, username: string, code: string, amendment: Amendment): Promise<OrderChangeOutcome> {
  return changeOwnedOrder(db, clock, userId, code, (tx, locked) => writeAmendment(tx, locked, `customer:${username}`, amendment));
}

export interface AmendmentPreview {
  outcome: AmendOutcome;
  /** Whether saving leaves the order waiting for a decision. */
  needsApproval: boolean;
  /** The order's net total after the change, in pence. */
  netPence: number;
  reasons: ApprovalReason[];
  /** Who would decide (approvers.ts), when the order would wait for a decision; else null. */
  decidedBy: { tier: DecidingTier; names: string[] } | null;
  /** The decision's deadline, the order's cut-off (ISO 8601 in London's offset): undecided, it expires then. */
  deadline: string;
}

/**
 * What saving this amendment would do to the order's approval, worked out as saving does (same prices, same
 * check, on the locked order) and written nowhere: the edit page says it before the buyer saves.
 */
export async function previewAmendment(db: Db, clock: Clock, userId: number, code: string, amendment: Amendment): Promise<Result<AmendmentPreview, OrderChangeProblem>> {
  return onOwnedOrder(db, clock, userId, code, async (tx, locked): Promise<Result<AmendmentPreview, OrderChangeProblem>> => {
    const priced = await priceAmendment(tx, locked, amendment);
    if (!priced.ok) return priced;
    const { order } = locked;
    const netPence = priced.value.totals.netPence;
    const reasons = await checkLimits(tx, { ...orderToCheck(order), netPence });
    const outcome = amendOutcome(order, { netPence, reasons });
    const needsApproval = waitsForDecision(outcome);
    // Who decides depends on the total (an approver decides up to their own limit): the new one.
    const deciders = needsApproval ? await decidersOf(tx, { ...order, netPence }) : null;
    return ok({
      outcome,
      needsApproval,
      netPence,
      reasons,
      decidedBy: deciders && { tier: deciders.tier, names: deciders.users.map((user) => user.name) },
      deadline: formatLondonIso(orderCutoff(order.deliveryDate, locked.cutoffTime)),
    });
  });
}

async function priceAmendment(tx: Tx, locked: LockedOrder, amendment: Amendment) {
  const { order } = locked;
  const products = await productsByCode(tx, [...new Set(amendment.entries.map((entry) => entry.productCode))], order.soldToCode);
  return priceAmendedLines(amendment.entries, products, {
    owner: locked.owner,
    purchaseOrderRequired: locked.purchaseOrderRequired,
    purchaseOrderNumber: amendment.purchaseOrderNumber === undefined ? order.purchaseOrderNumber : amendment.purchaseOrderNumber,
    range: order.range,
  });
}

async function writeAmendment(tx: Tx, locked: LockedOrder, changedBy: string, amendment: Amendment): Promise<Result<void, OrderChangeProblem>> {
  const { order } = locked;
  const priced = await priceAmendment(tx, locked, amendment);
  if (!priced.ok) return priced;

  await tx.delete(orderLines).where(eq(orderLines.orderId, order.id));
  const lines = await tx
    .insert(orderLines)
    .values(priced.value.lines.map((line) => ({ ...line, orderId: order.id })))
    .returning();
  const [written] = await tx
    .update(orders)
    .set({
      purchaseOrderNumber: amendment.purchaseOrderNumber === undefined ? order.purchaseOrderNumber : amendment.purchaseOrderNumber,
      deliveryInstructions: amendment.deliveryInstructions === undefined ? order.deliveryInstructions : amendment.deliveryInstructions,
      ...priced.value.totals,
    })
    .where(eq(orders.id, order.id))
    .returning();
  if (!written) throw new Error(`order ${order.code} vanished while locked`);
  // Checked once the new total is written, as checkout checks (orders/order-writer.ts).
  const reasons = await checkLimits(tx, orderToCheck(written));
  const outcome = amendOutcome(order, { netPence: written.netPence, reasons });
  const amended = await keepReasons(tx, written, reasons);
  const record = { order: amended, shipToName: locked.shipToName, cutoffTime: locked.cutoffTime, lines };
  const told = (change: ApprovalChange, changedOrder: OrderRow) => writeApprovalChanges(tx, { ...record, order: changedOrder, buyer: locked.placedBy }, change, order.netPence);
  switch (outcome) {
    case 'amended':
      await writeEvent(tx, orderEvent('order.amended', record, locked.placedBy));
      return ok(undefined);
    case 'keepsApproval':
      await writeEvent(tx, orderEvent('order.amended', record, locked.placedBy));
      await told('keepsApproval', amended);
      return ok(undefined);
    case 'staysHeld':
      // Nobody outside hears of a held order until it is approved; its deciders hear of the change.
      await told('staysHeld', amended);
      return ok(undefined);
    case 'placed':
    case 'heldAgain': {
      const moved = await moveOrder(tx, amended, outcome === 'placed' ? 'placed' : 'pendingApproval', { changedBy, operatorId: null }, null);
      if (!moved.ok) return fail({ kind: 'statusClosed', code: order.code, status: order.status });
      const movedRecord = { ...record, order: moved.value.order };
      if (outcome === 'placed') {
        await writeEvent(tx, orderEvent('order.placed', movedRecord, locked.placedBy));
        await told('placed', moved.value.order);
      } else {
        await writeEvent(tx, orderEvent('order.status_changed', movedRecord, locked.placedBy, { previousStatus: order.status, note: null, changedAt: moved.value.change.changedAt.toISOString() }));
        await writeApprovalRequests(tx, { ...movedRecord, buyer: locked.placedBy });
      }
      return ok(undefined);
    }
  }
}

/**
 * The order keeps the new reasons when over a limit (the deciders see the amounts of now); a held order
 * within them all keeps none; a placed order within them keeps those it was approved with.
 */
async function keepReasons(tx: Tx, order: OrderRow, reasons: ApprovalReason[]): Promise<OrderRow> {
  if (reasons.length === 0 && order.status !== 'pendingApproval') return order;
  const [kept] = await tx.update(orders).set({ approvalReasons: reasons }).where(eq(orders.id, order.id)).returning();
  if (!kept) throw new Error(`order ${order.code} vanished while locked`);
  return kept;
}
