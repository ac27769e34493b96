import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { orderLines, orders, orderStatusChanges } from '../db/schema';
import type { Clock } from '../delivery/delivery-dates';
import { canMove, isOrderStatus } from '../order-status/order-status';
import { orderEvent } from './order-event';
import { writeEvent } from '../outbox/write-event';
import { ChangeRefused, changeOwnedOrder, type LockedOrder, type OrderChangeOutcome } from './order-change';

/**
 * Cancels an order at the customer's request until its cut-off: the move to cancelled goes through the
 * status table and is kept in the order's status history like the ERP's moves, with an order.cancelled
 * event (webhook and e-mail).
 */
export async function cancelOrder(db: Db, clock: Clock, userId: number, username: string, code: string): Promise<OrderChangeOutcome> {
  return changeOwnedOrder(db, clock, userId, code, (tx, locked) => writeCancellation(tx, locked, `customer:${username}`));
}

async function writeCancellation(tx: Tx, locked: LockedOrder, changedBy: string): Promise<void> {
  const from = locked.order.status;
  if (!isOrderStatus(from) || !canMove(from, 'cancelled')) throw new ChangeRefused({ kind: 'statusClosed', code: locked.order.code, status: from });
  const [order] = await tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, locked.order.id)).returning();
  if (!order) throw new Error(`order ${locked.order.code} vanished while locked`);
  const [change] = await tx
    .insert(orderStatusChanges)
    .values({ orderId: order.id, fromStatus: from, toStatus: 'cancelled', note: null, changedBy, changedAt: sql`now()` })
    .returning();
  if (!change) throw new Error('status change insert returned nothing');
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.lineNumber);
  const record = { order, shipToName: locked.shipToName, cutoffTime: locked.cutoffTime, lines };
  await writeEvent(tx, orderEvent('order.cancelled', record, locked.placedBy, { previousStatus: from, note: null, changedAt: change.changedAt.toISOString() }));
}
