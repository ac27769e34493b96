import type { Db, Tx } from '../db/client';
import type { Clock } from '../delivery/delivery-dates';
import { fail, ok, type Result } from '../errors/result';
import { moveOrder } from '../order-status/move-order';
import type { Mover } from '../order-status/order-in-process';
import type { Cause } from '../tracing/cause';
import { changeOwnedOrder, type LockedOrder, type OrderChangeOutcome } from './order-change';
import type { OrderChangeProblem } from './problems';

/**
 * Cancels an order at the customer's request until its cut-off: the move to cancelled goes through moveOrder
 * and is kept in the order's status history like the ERP's moves, with its order.cancelled event (webhook
 * and e-mail; a held or expired order was never the ERP's to act on, so nobody outside hears of it).
 */
export async function cancelOrder(db: Db, clock: Clock, user: { id: number; username: string; cause: Cause }, code: string): Promise<OrderChangeOutcome> {
  return changeOwnedOrder(db, clock, user.id, code, (tx, locked) => writeCancellation(tx, locked, { changedBy: `customer:${user.username}`, operatorId: null, cause: 'cancellation', trace: user.cause }));
}

async function writeCancellation(tx: Tx, locked: LockedOrder, by: Mover): Promise<Result<void, OrderChangeProblem>> {
  const moved = await moveOrder(tx, locked, 'cancelled', by, null);
  if (!moved.ok) return fail({ kind: 'statusClosed', code: locked.order.code, status: locked.order.status });
  return ok(undefined);
}
