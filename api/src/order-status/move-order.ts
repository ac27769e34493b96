import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { auditLog, orderLines, orders, orderStatusChanges } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import { writeEvent } from '../outbox/write-event';
import { orderEvent, type StatusChange } from './order-event';
import type { Mover, OrderInProcess, OrderLineRow, OrderRow } from './order-in-process';
import { react, type HoldReason, type Settled } from './order-process';
import { erpHears, QUANTITY_STATUSES, TRANSITIONS, type OrderOrigin, type OrderStatus } from './order-status';


/** A move as its reactions see it: when it was kept in the order's history (null for a first status, which the order row itself records). */
export interface Transition {
  from: OrderOrigin;
  to: OrderStatus;
  by: Mover;
  note: string | null;
  changedAt: Date | null;
}

export interface Moved {
  order: OrderRow;
  lines: OrderLineRow[] | undefined;
  transition: Transition;
}

export type MoveProblem = { kind: 'transitionNotAllowed'; from: OrderStatus; to: OrderStatus };

/**
 * The one way an order's status changes, for checkout, the ERP, an operator, an approval and the customer
 * alike (docs/ordering-rules.md "The order process"): the move is checked against the transition table,
 * then the order, its status history, (for an operator) the audit log and the transition's event are
 * written in the caller's transaction, and the registered reactions run. `order.order` must be locked by
 * the caller (FOR UPDATE), so two moves of one order never interleave; an order `from` 'new' was written in
 * this transaction with the status column's default, and its row (placed_at) is the history of its first
 * status. An order that leaves the warehouse has every line the warehouse did not report as delivered in
 * full: delivered quantities exist from dispatch on, and only then. `placement` carries what a request to
 * place it decided (order-process.ts): the reasons to keep, and the verdicts its reactions read.
 */
export async function moveOrder(
  tx: Tx,
  subject: OrderInProcess & { from?: OrderOrigin },
  to: OrderStatus,
  by: Mover,
  note: string | null,
  placement?: { reasons: HoldReason[] | undefined; settled: Settled },
): Promise<Result<Moved, MoveProblem>> {
  const from = subject.from ?? subject.order.status;
  const event = TRANSITIONS[from][to];
  if (!event) {
    if (from === 'new') throw new Error(`a new order cannot be ${to}`);
    return fail({ kind: 'transitionNotAllowed', from, to });
  }
  let lines = subject.lines;
  if (from !== 'new' && QUANTITY_STATUSES.includes(to) && !QUANTITY_STATUSES.includes(from)) {
    await tx
      .update(orderLines)
      .set({ deliveredQuantity: sql`${orderLines.quantity}` })
      .where(and(eq(orderLines.orderId, subject.order.id), isNull(orderLines.deliveredQuantity)));
    lines = lines?.map((line) => ({ ...line, deliveredQuantity: line.deliveredQuantity ?? line.quantity }));
  }
  const order = await writeStatus(tx, subject.order, from, to, placement?.reasons);
  const changedAt = from === 'new' ? null : await writeHistory(tx, order, from, to, by, note);
  if (by.operatorId !== null) {
    await tx.insert(auditLog).values({
      operatorId: by.operatorId,
      action: 'order.status',
      subject: `order:${order.code}`,
      before: { status: from },
      after: { status: to, ...by.auditDetails, note },
    });
  }
  if (erpHears(from, to)) {
    lines ??= await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.lineNumber));
    // Placing tells the whole order; any later move tells the change too.
    const change: StatusChange | undefined = event === 'order.placed' || !changedAt ? undefined : { previousStatus: from, note, changedAt: changedAt.toISOString() };
    await writeEvent(tx, orderEvent(event as 'order.placed' | 'order.status_changed' | 'order.cancelled', { order, shipToName: subject.shipToName, lines }, subject.placedBy, by.trace, change));
  }
  const transition: Transition = { from, to, by, note, changedAt };
  await react(tx, { ...subject, order, lines }, transition, placement?.settled);
  return ok({ order, lines, transition });
}

/** The order's new status, and its reasons when a placement decided them; a new order placed already has its status. */
async function writeStatus(tx: Tx, order: OrderRow, from: OrderOrigin, to: OrderStatus, reasons: HoldReason[] | undefined): Promise<OrderRow> {
  if (from === 'new' && order.status === to && reasons === undefined) return order;
  const [moved] = await tx
    .update(orders)
    .set({ status: to, ...(reasons === undefined ? {} : { approvalReasons: reasons }) })
    .where(eq(orders.id, order.id))
    .returning();
  if (!moved) throw new Error(`order ${order.code} vanished while locked`);
  return moved;
}

async function writeHistory(tx: Tx, order: OrderRow, from: OrderStatus, to: OrderStatus, by: Mover, note: string | null): Promise<Date> {
  const [change] = await tx
    .insert(orderStatusChanges)
    .values({ orderId: order.id, fromStatus: from, toStatus: to, note, changedBy: by.changedBy, changedAt: sql`now()` })
    .returning({ changedAt: orderStatusChanges.changedAt });
  if (!change) throw new Error('status change insert returned nothing');
  return change.changedAt;
}
