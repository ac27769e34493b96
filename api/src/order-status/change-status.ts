import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { auditLog, orderLines, orders, orderStatusChanges, shipTos, users } from '../db/schema';
import { orderEvent } from '../orders/order-event';
import { writeEvent } from '../outbox/write-event';
import type { OrderRecord } from '../orders/order-queries';
import { canMove, isOrderStatus, QUANTITY_STATUSES, type OrderStatus } from './order-status';
import type { StatusProblem } from './status-problems';

export interface StatusReport {
  code: string;
  status: OrderStatus;
  lines?: { entryNumber: number; deliveredQuantity: number }[];
  note?: string;
  /** 'operator:<e-mail>' or 'client:<client id>', kept with the change. */
  changedBy: string;
  /** Set when an operator made the change: it goes into the audit log too. */
  operatorId: number | null;
}

export type StatusOutcome = { ok: true; record: OrderRecord } | { ok: false; problem: StatusProblem };

class Refused extends Error {
  constructor(readonly problem: StatusProblem) {
    super(problem.kind);
  }
}

/**
 * Applies a status report from the warehouse or ERP in one transaction: the order is locked, the move
 * checked against the transition table, delivered quantities recorded, the change kept with its note, and
 * an order.status_changed event written for the ERP and the customer's e-mail.
 */
export async function changeStatus(db: Db, report: StatusReport): Promise<StatusOutcome> {
  try {
    const record = await db.transaction((tx) => applyReport(tx, report));
    return { ok: true, record };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problem: error.problem };
    throw error;
  }
}

async function applyReport(tx: Tx, report: StatusReport): Promise<OrderRecord> {
  const rows = await tx
    .select({ order: orders, shipToName: shipTos.name, cutoffTime: shipTos.cutoffTime, customerId: users.customerId, name: users.name, email: users.email })
    .from(orders)
    .innerJoin(shipTos, eq(shipTos.code, orders.shipToCode))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.code, report.code))
    .for('update', { of: orders });
  const row = rows[0];
  if (!row) throw new Refused({ kind: 'orderNotFound', code: report.code });
  const from = isOrderStatus(row.order.status) ? row.order.status : 'placed';
  if (!canMove(from, report.status)) throw new Refused({ kind: 'transitionNotAllowed', from, to: report.status });
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, row.order.id)).orderBy(asc(orderLines.lineNumber));
  const delivered = report.lines ?? [];
  if (delivered.length > 0 && !QUANTITY_STATUSES.includes(report.status)) throw new Refused({ kind: 'quantitiesNotAllowed', status: report.status });
  for (const reported of delivered) {
    const line = lines.find((candidate) => candidate.lineNumber === reported.entryNumber);
    if (!line) throw new Refused({ kind: 'unknownEntry', entryNumber: reported.entryNumber });
    if (reported.deliveredQuantity > line.quantity) throw new Refused({ kind: 'deliveredMoreThanOrdered', entryNumber: reported.entryNumber, ordered: line.quantity });
    line.deliveredQuantity = reported.deliveredQuantity;
    await tx
      .update(orderLines)
      .set({ deliveredQuantity: reported.deliveredQuantity })
      .where(and(eq(orderLines.orderId, row.order.id), eq(orderLines.lineNumber, reported.entryNumber)));
  }
  const [order] = await tx.update(orders).set({ status: report.status }).where(eq(orders.id, row.order.id)).returning();
  if (!order) throw new Error(`order ${report.code} vanished while locked`);
  const [change] = await tx
    .insert(orderStatusChanges)
    .values({ orderId: order.id, fromStatus: from, toStatus: report.status, note: report.note ?? null, changedBy: report.changedBy, changedAt: sql`now()` })
    .returning();
  if (!change) throw new Error('status change insert returned nothing');
  if (report.operatorId !== null) {
    await tx.insert(auditLog).values({
      operatorId: report.operatorId,
      action: 'order.status',
      subject: `order:${order.code}`,
      before: { status: from },
      after: { status: report.status, lines: delivered, note: change.note },
    });
  }
  const record: OrderRecord = { order, shipToName: row.shipToName, cutoffTime: row.cutoffTime, lines };
  const placedBy = { customerId: row.customerId, name: row.name, email: row.email };
  await writeEvent(tx, orderEvent('order.status_changed', record, placedBy, { previousStatus: from, note: change.note, changedAt: change.changedAt.toISOString() }));
  return record;
}
