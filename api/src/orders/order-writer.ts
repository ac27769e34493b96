import { eq, sql } from 'drizzle-orm';
import type { PricedEntry } from '../carts/cart-prices';
import type { ScopedCart } from '../carts/cart-queries';
import type { Tx } from '../db/client';
import { carts, orderLines, orders } from '../db/schema';
import { orderEvent, type PlacedBy } from './order-event';
import { writeEvent } from '../outbox/write-event';
import { rowTotals } from '../pricing/price-lines';
import { orderLineSnapshot } from './order-line-snapshot';
import type { OrderRecord } from './order-queries';
import { checkLimits, orderToCheck } from '../approvals/limit-check';
import { writeHeldNotices } from '../approvals/approval-mail';

/**
 * The one way an order comes into being, from checkout or a standing order at its cut-off, once canPlace
 * (can-place.ts) has accepted it: the order, its lines priced now, the cart closed, and the order.placed event (webhook and confirmation mail) in the
 * caller's transaction.
 */
export async function writePlacedOrder(tx: Tx, scoped: ScopedCart, entries: PricedEntry[], idempotencyKey: string, placedBy: PlacedBy): Promise<OrderRecord> {
  const record = await writeOrder(tx, scoped, entries, idempotencyKey);
  await writeEvent(tx, orderEvent('order.placed', record, placedBy));
  return record;
}

/**
 * Checkout's order: written as writePlacedOrder writes it, then checked against the limits
 * (docs/approvals.md). Over any, it is held instead: pendingApproval with its reasons and no event, so
 * neither the ERP nor the buyer's confirmation hears of it until it is approved; its deciders are asked, and the
 * buyer is told it is held. The check comes last so
 * that the per-ship-to lock a period limit takes is held only from the check to the commit.
 */
export async function writeCheckoutOrder(tx: Tx, scoped: ScopedCart, entries: PricedEntry[], idempotencyKey: string, placedBy: PlacedBy): Promise<OrderRecord> {
  const record = await writeOrder(tx, scoped, entries, idempotencyKey);
  const { order } = record;
  const reasons = await checkLimits(tx, orderToCheck(order));
  if (reasons.length === 0) {
    await writeEvent(tx, orderEvent('order.placed', record, placedBy));
    return record;
  }
  const [held] = await tx.update(orders).set({ status: 'pendingApproval', approvalReasons: reasons }).where(eq(orders.id, order.id)).returning();
  if (!held) throw new Error(`order ${order.code} vanished in its own transaction`);
  await writeHeldNotices(tx, { ...record, order: held, buyer: placedBy });
  return { ...record, order: held };
}

/** Writes the order and its snapshot lines and closes the cart; answers the order as written. */
async function writeOrder(tx: Tx, { cart, scope }: ScopedCart, entries: PricedEntry[], idempotencyKey: string): Promise<OrderRecord> {
  const totals = rowTotals(entries);
  const [order] = await tx
    .insert(orders)
    .values({
      code: sql`'MV-' || lpad(nextval('order_number_seq')::text, 6, '0')`,
      userId: cart.userId,
      shipToCode: scope.shipToCode,
      soldToCode: scope.soldToCode,
      range: scope.range,
      deliveryDate: cart.requestedDeliveryDate as string,
      purchaseOrderNumber: cart.purchaseOrderNumber,
      deliveryInstructions: cart.deliveryInstructions,
      netPence: totals.netPence,
      vatPence: totals.vatPence,
      grossPence: totals.grossPence,
      sourceCartId: cart.id,
      idempotencyKey,
    })
    .returning();
  if (!order) throw new Error('order insert returned nothing');
  const lines = await tx
    .insert(orderLines)
    .values(entries.map((entry, index) => ({ ...orderLineSnapshot(entry, index), orderId: order.id })))
    .returning();
  await tx.update(carts).set({ status: 'ordered', version: sql`${carts.version} + 1`, updatedAt: sql`now()` }).where(eq(carts.id, cart.id));
  return { order, shipToName: scope.shipToName, cutoffTime: scope.cutoffTime, lines };
}
