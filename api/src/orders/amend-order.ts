import { eq } from 'drizzle-orm';
import { productsByCode } from '../carts/products-by-code';
import type { Db, Tx } from '../db/client';
import { orderLines, orders } from '../db/schema';
import type { Clock } from '../delivery/delivery-dates';
import { fail, ok, type Result } from '../errors/result';
import { checkLimits, orderToCheck, type ApprovalReason } from '../approvals/limit-check';
import { writeApprovalRequests } from '../approvals/approval-mail';
import { moveOrder } from '../order-status/move-order';
import { orderEvent } from './order-event';
import { writeEvent } from '../outbox/write-event';
import { priceAmendedLines, type WantedLine } from './amended-lines';
import { changeOwnedOrder, type LockedOrder, type OrderChangeOutcome } from './order-change';
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
 * checked again (docs/approvals.md "Held orders"): an order within them gets an order.amended event
 * (webhook and e-mail); a held order stays held with the new reasons, or is placed when it no longer passes
 * a limit; a placed order amended over a limit is held again.
 */
export async function amendOrder(db: Db, clock: Clock, userId: number, username: string, code: string, amendment: Amendment): Promise<OrderChangeOutcome> {
  return changeOwnedOrder(db, clock, userId, code, (tx, locked) => writeAmendment(tx, locked, `customer:${username}`, amendment));
}

async function writeAmendment(tx: Tx, locked: LockedOrder, changedBy: string, amendment: Amendment): Promise<Result<void, OrderChangeProblem>> {
  const { order } = locked;
  const products = await productsByCode(tx, [...new Set(amendment.entries.map((entry) => entry.productCode))], order.soldToCode);
  const purchaseOrderNumber = amendment.purchaseOrderNumber === undefined ? order.purchaseOrderNumber : amendment.purchaseOrderNumber;
  const priced = priceAmendedLines(amendment.entries, products, {
    owner: locked.owner,
    purchaseOrderRequired: locked.purchaseOrderRequired,
    purchaseOrderNumber,
    range: order.range,
  });
  if (!priced.ok) return priced;

  await tx.delete(orderLines).where(eq(orderLines.orderId, order.id));
  const lines = await tx
    .insert(orderLines)
    .values(priced.value.lines.map((line) => ({ ...line, orderId: order.id })))
    .returning();
  const [written] = await tx
    .update(orders)
    .set({
      purchaseOrderNumber,
      deliveryInstructions: amendment.deliveryInstructions === undefined ? order.deliveryInstructions : amendment.deliveryInstructions,
      ...priced.value.totals,
    })
    .where(eq(orders.id, order.id))
    .returning();
  if (!written) throw new Error(`order ${order.code} vanished while locked`);
  // Checked once the new total is written, as checkout checks (orders/order-writer.ts).
  const reasons = await checkLimits(tx, { ...orderToCheck(written), written: true });
  const amended = await keepReasons(tx, written, reasons);
  const held = order.status === 'pendingApproval';
  if (held === reasons.length > 0) {
    // Held and still over a limit: nobody outside hears of it until it is approved.
    if (!held) await writeEvent(tx, orderEvent('order.amended', { order: amended, shipToName: locked.shipToName, cutoffTime: locked.cutoffTime, lines }, locked.placedBy));
    return ok(undefined);
  }
  // Held and now within every limit: placed, as checkout would have placed it. Placed and now over one: held again.
  const moved = await moveOrder(tx, amended, held ? 'placed' : 'pendingApproval', { changedBy, operatorId: null }, null);
  if (!moved.ok) return fail({ kind: 'statusClosed', code: order.code, status: order.status });
  const record = { order: moved.value.order, shipToName: locked.shipToName, cutoffTime: locked.cutoffTime, lines };
  if (held) await writeEvent(tx, orderEvent('order.placed', record, locked.placedBy));
  else {
    await writeEvent(tx, orderEvent('order.status_changed', record, locked.placedBy, { previousStatus: order.status, note: null, changedAt: moved.value.change.changedAt.toISOString() }));
    await writeApprovalRequests(tx, { ...record, buyer: locked.placedBy });
  }
  return ok(undefined);
}

/** The order keeps the new reasons when over a limit; a held order within them all keeps none. */
async function keepReasons(tx: Tx, order: OrderRow, reasons: ApprovalReason[]): Promise<OrderRow> {
  if (reasons.length === 0 && order.status !== 'pendingApproval') return order;
  const [kept] = await tx.update(orders).set({ approvalReasons: reasons }).where(eq(orders.id, order.id)).returning();
  if (!kept) throw new Error(`order ${order.code} vanished while locked`);
  return kept;
}
