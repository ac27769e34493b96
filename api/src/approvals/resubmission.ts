import { findShipToScope } from '../accounts/ship-tos';
import type { Db } from '../db/client';
import { approvalDecisions, orders } from '../db/schema';
import { checkDeliveryDate, type Clock } from '../delivery/delivery-dates';
import type { IsoDate } from '../time/calendar-date';
import type { Cause } from '../tracing/cause';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import { requestPlacement } from '../order-status/request-placement';
import { findOwnedOrder, orderAddresses, type OrderRecord } from '../orders/order-queries';
import { eq } from 'drizzle-orm';
import { lockOrderByCode } from './decisions';
import type { ApprovalProblem } from './problems';

/**
 * "Choose another date": the buyer sends their expired order back for a later delivery date, open for
 * ordering now at its ship-to. The order keeps its lines and prices and asks the order process to place it
 * for the new date (order-status/request-placement.ts): over a limit, it goes back into approval (new
 * reasons, its deciders asked again); within them all, and still orderable (canPlace), it is placed as
 * checkout would place it, with its order.placed event. One canPlace refuses is orderChanged: its lines or
 * account no longer allow it.
 */
export async function resubmitOrder(db: Db, clock: Clock, user: { id: number; username: string; cause: Cause }, code: string, deliveryDate: IsoDate): Promise<Result<OrderRecord, ApprovalProblem>> {
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
    // Back in the running, it counts in its new period: the policies (the limits) are asked for the new date.
    const by = { changedBy: `customer:${user.username}`, operatorId: null, cause: 'resubmission' as const, trace: user.cause };
    const placed = await requestPlacement(tx, { ...locked, order: dated, from: dated.status, by, note: null });
    if (!placed.ok) return fail(placed.problem.kind === 'transitionNotAllowed' ? { kind: 'notExpired', code, status: locked.order.status } : { kind: 'orderChanged', code });
    await tx.insert(approvalDecisions).values({ orderId: dated.id, decision: 'RESUBMIT', comment: null, userId: user.id, at: now });
    const record = await findOwnedOrder(tx, user.id, code);
    if (!record) throw new Error(`order ${code} vanished while locked`);
    return ok({ ...record, addresses: await orderAddresses(tx, record.order) });
  });
}
