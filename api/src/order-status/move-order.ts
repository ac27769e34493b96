import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { auditLog, orderLines, orders, orderStatusChanges } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import type { OrderRow } from '../orders/order-queries';
import { canMove, QUANTITY_STATUSES, type OrderStatus } from './order-status';

/** Who moves an order: kept with the change; an operator's move goes into the audit log too. */
export interface Mover {
  /** 'operator:<e-mail>', 'client:<client id>' or 'customer:<username>'. */
  changedBy: string;
  operatorId: number | null;
  /** More for the audit log, e.g. the delivered quantities an operator reported with the move. */
  auditDetails?: Record<string, unknown>;
}

export type StatusChangeRow = typeof orderStatusChanges.$inferSelect;

export interface Moved {
  order: OrderRow;
  change: StatusChangeRow;
}

export type MoveProblem = { kind: 'transitionNotAllowed'; from: OrderStatus; to: OrderStatus };

/**
 * The one way an order's status changes, for the ERP, an operator and the customer alike: the move is checked
 * against the transition table, then the order, its status history and (for an operator) the audit log are
 * written in the caller's transaction. `order` must be locked by the caller (FOR UPDATE), so two moves of one
 * order never interleave. An order that leaves the warehouse has every line the warehouse did not report as
 * delivered in full: delivered quantities exist from dispatch on, and only then.
 */
export async function moveOrder(tx: Tx, order: OrderRow, to: OrderStatus, by: Mover, note: string | null): Promise<Result<Moved, MoveProblem>> {
  const from = order.status;
  if (!canMove(from, to)) return fail({ kind: 'transitionNotAllowed', from, to });
  if (QUANTITY_STATUSES.includes(to) && !QUANTITY_STATUSES.includes(from)) {
    await tx
      .update(orderLines)
      .set({ deliveredQuantity: sql`${orderLines.quantity}` })
      .where(and(eq(orderLines.orderId, order.id), isNull(orderLines.deliveredQuantity)));
  }
  const [moved] = await tx.update(orders).set({ status: to }).where(eq(orders.id, order.id)).returning();
  if (!moved) throw new Error(`order ${order.code} vanished while locked`);
  const [change] = await tx
    .insert(orderStatusChanges)
    .values({ orderId: order.id, fromStatus: from, toStatus: to, note, changedBy: by.changedBy, changedAt: sql`now()` })
    .returning();
  if (!change) throw new Error('status change insert returned nothing');
  if (by.operatorId !== null) {
    await tx.insert(auditLog).values({
      operatorId: by.operatorId,
      action: 'order.status',
      subject: `order:${order.code}`,
      before: { status: from },
      after: { status: to, ...by.auditDetails, note },
    });
  }
  return ok({ order: moved, change });
}
