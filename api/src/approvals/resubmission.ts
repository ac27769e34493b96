import { findShipToScope } from '../accounts/ship-tos';
import type { Db } from '../db/client';
import { approvalDecisions, orderLines, orders } from '../db/schema';
import { checkDeliveryDate, type Clock } from '../delivery/delivery-dates';
import type { IsoDate } from '../time/calendar-date';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import { moveOrder } from '../order-status/move-order';
import { findOwnedOrder, orderAddresses, type OrderRecord } from '../orders/order-queries';
import { asc, eq } from 'drizzle-orm';
import { orderEvent } from '../orders/order-event';
import { writeEvent } from '../outbox/write-event';
import { writeApprovalRequests } from './approval-mail';
import { lockOrderByCode } from './decisions';
import { checkLimits, orderToCheck } from './limit-check';
import type { ApprovalProblem } from './problems';

/**
 * "Choose another date": the buyer sends their expired order back for a later delivery date, open for
 * ordering now at its ship-to. The order keeps its lines and prices and is checked against the limits again
 * for the new date: over one, it goes back into approval (new reasons, its deciders asked again); within
 * them all, it is placed as checkout would place it, with its order.placed event.
 */
export async function resubmitOrder(db: Db, clock: Clock, user: { id: number; username: string }, code: string, deliveryDate: IsoDate): Promise<Result<OrderRecord, ApprovalProblem>> {
  return inTransaction(db, async (tx): Promise<Result<OrderRecord, ApprovalProblem>> => {
    const locked = await lockOrderByCode(tx, code);
    if (!locked || locked.order.userId !== user.id) return fail({ kind: 'orderNotFound', code });
    const scope = await findShipToScope(tx, user.id, locked.order.shipToCode, locked.order.range);
    if (!scope.ok) return fail({ kind: 'orderNotFound', code });
    if (locked.order.status !== 'expired') return fail({ kind: 'notExpired', code, status: locked.order.status });
    const now = clock();
    const check = checkDeliveryDate(now, deliveryDate, scope.value);
    if (check !== 'orderable') return fail({ kind: 'deliveryDateNotOrderable', date: deliveryDate, why: check });
    const [dated] = await tx.update(orders).set({ deliveryDate }).where(eq(orders.id, locked.order.id)).returning();
    if (!dated) throw new Error(`order ${code} vanished while locked`);
    // Back in the running, it counts in its new period: the limits are checked for the new date.
    const approvalReasons = await checkLimits(tx, orderToCheck(dated));
    const [checked] = await tx.update(orders).set({ approvalReasons }).where(eq(orders.id, locked.order.id)).returning();
    if (!checked) throw new Error(`order ${code} vanished while locked`);
    const within = approvalReasons.length === 0;
    const moved = await moveOrder(tx, checked, within ? 'placed' : 'pendingApproval', { changedBy: `customer:${user.username}`, operatorId: null }, null);
    if (!moved.ok) return fail({ kind: 'notExpired', code, status: locked.order.status });
    await tx.insert(approvalDecisions).values({ orderId: dated.id, decision: 'RESUBMIT', comment: null, userId: user.id, at: now });
    if (within) {
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, dated.id)).orderBy(asc(orderLines.lineNumber));
      await writeEvent(tx, orderEvent('order.placed', { order: moved.value.order, shipToName: locked.shipToName, cutoffTime: locked.cutoffTime, lines }, locked.placedBy));
    } else {
      await writeApprovalRequests(tx, { ...locked, order: moved.value.order });
    }
    const record = await findOwnedOrder(tx, user.id, code);
    if (!record) throw new Error(`order ${code} vanished while locked`);
    return ok({ ...record, addresses: await orderAddresses(tx, record.order) });
  });
}
