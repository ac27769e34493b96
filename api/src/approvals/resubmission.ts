import { findShipToScope } from '../accounts/ship-tos';
import type { Db } from '../db/client';
import { approvalDecisions, orders } from '../db/schema';
import { checkDeliveryDate, type Clock } from '../delivery/delivery-dates';
import type { IsoDate } from '../delivery/calendar-date';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import { moveOrder } from '../order-status/move-order';
import { findOwnedOrder, orderAddresses, type OrderRecord } from '../orders/order-queries';
import { eq } from 'drizzle-orm';
import { writeApprovalRequests } from './approval-mail';
import { lockOrderByCode } from './decisions';
import { checkLimits, orderToCheck } from './limit-check';
import type { ApprovalProblem } from './problems';

/**
 * "Choose another date": the buyer sends their expired order back into approval for a later delivery date,
 * open for ordering now at its ship-to. The order keeps its lines and prices; the limits are checked again for
 * the new date and its deciders asked again. It goes back into approval even if it now passes no limit: the
 * deciders see it with no reasons and place it with one click.
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
    const moved = await moveOrder(tx, dated, 'pendingApproval', { changedBy: `customer:${user.username}`, operatorId: null }, null);
    if (!moved.ok) return fail({ kind: 'notExpired', code, status: locked.order.status });
    // Held again, it counts in its new period: the limits are checked for the new date and the reasons kept anew.
    const approvalReasons = await checkLimits(tx, orderToCheck(dated));
    const [held] = await tx.update(orders).set({ approvalReasons }).where(eq(orders.id, locked.order.id)).returning();
    if (!held) throw new Error(`order ${code} vanished while locked`);
    await tx.insert(approvalDecisions).values({ orderId: dated.id, decision: 'RESUBMIT', comment: null, userId: user.id, at: now });
    await writeApprovalRequests(tx, { ...locked, order: held });
    const record = await findOwnedOrder(tx, user.id, code);
    if (!record) throw new Error(`order ${code} vanished while locked`);
    return ok({ ...record, addresses: await orderAddresses(tx, record.order) });
  });
}
