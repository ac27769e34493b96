import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { orderLines } from '../db/schema';
import type { Clock } from '../delivery/delivery-dates';
import { fail, ok, type Result } from '../errors/result';
import { moveOrder } from '../order-status/move-order';
import { erpMayActOn } from '../order-status/order-status';
import { orderEvent } from './order-event';
import { writeEvent } from '../outbox/write-event';
import { changeOwnedOrder, type LockedOrder, type OrderChangeOutcome } from './order-change';
import type { OrderChangeProblem } from './problems';

/**
 * Cancels an order at the customer's request until its cut-off: the move to cancelled goes through moveOrder
 * and is kept in the order's status history like the ERP's moves, with an order.cancelled event (webhook
 * and e-mail).
 */
export async function cancelOrder(db: Db, clock: Clock, userId: number, username: string, code: string): Promise<OrderChangeOutcome> {
  return changeOwnedOrder(db, clock, userId, code, (tx, locked) => writeCancellation(tx, locked, `customer:${username}`));
}

async function writeCancellation(tx: Tx, locked: LockedOrder, changedBy: string): Promise<Result<void, OrderChangeProblem>> {
  const from = locked.order.status;
  const moved = await moveOrder(tx, locked.order, 'cancelled', { changedBy, operatorId: null }, null);
  if (!moved.ok) return fail({ kind: 'statusClosed', code: locked.order.code, status: from });
  const { order, change } = moved.value;
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.lineNumber);
  const record = { order, shipToName: locked.shipToName, cutoffTime: locked.cutoffTime, lines };
  // A held or expired order was never the ERP's to act on (docs/approvals.md): there is nothing to tell it, nor to confirm.
  if (!erpMayActOn(from)) return ok(undefined);
  await writeEvent(tx, orderEvent('order.cancelled', record, locked.placedBy, { previousStatus: from, note: null, changedAt: change.changedAt.toISOString() }));
  return ok(undefined);
}
