import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { orderLines, orders, shipTos, users } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import type { OrderRecord } from './order-queries';
import { moveOrder } from '../order-status/move-order';
import { DECISION_STATUSES, canMove, QUANTITY_STATUSES, type OrderStatus } from '../order-status/order-status';
import type { StatusProblem } from '../order-status/problems';
import type { Cause } from '../tracing/cause';


export interface StatusReport {
  code: string;
  status: OrderStatus;
  lines?: { entryNumber: number; deliveredQuantity: number }[];
  note?: string;
  /** 'operator:<e-mail>' or 'client:<client id>', kept with the change. */
  changedBy: string;
  /** Set when an operator made the change: it goes into the audit log too. */
  operatorId: number | null;
  /** The request reporting it: the move's events carry it (tracing/cause.ts). */
  cause: Cause;
}

/**
 * Applies a status report from the warehouse or ERP in one transaction: the order is locked, delivered
 * quantities recorded, and the order moved (moveOrder, which writes the order.status_changed event for the
 * ERP and the customer's e-mail).
 */
export async function changeStatus(db: Db, report: StatusReport): Promise<Result<OrderRecord, StatusProblem>> {
  return inTransaction(db, (tx) => applyReport(tx, report));
}

async function applyReport(tx: Tx, report: StatusReport): Promise<Result<OrderRecord, StatusProblem>> {
  const rows = await tx
    .select({ order: orders, shipToName: shipTos.name, cutoffTime: shipTos.cutoffTime, customerId: users.customerId, name: users.name, email: users.email })
    .from(orders)
    .innerJoin(shipTos, eq(shipTos.code, orders.shipToCode))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.code, report.code))
    .for('update', { of: orders });
  const row = rows[0];
  if (!row) return fail({ kind: 'orderNotFound', code: report.code });
  // Holding, approving, rejecting and expiring are the approvals' own moves (docs/approvals.md): the ERP never
  // heard of a held order, and a status report placing one would skip its order.placed.
  if (DECISION_STATUSES.includes(row.order.status) || DECISION_STATUSES.includes(report.status)) {
    return fail({ kind: 'decidedByApproval', from: row.order.status, to: report.status });
  }
  const from = row.order.status;
  if (!canMove(from, report.status)) return fail({ kind: 'transitionNotAllowed', from, to: report.status });
  const delivered = report.lines ?? [];
  if (delivered.length > 0 && !QUANTITY_STATUSES.includes(report.status)) return fail({ kind: 'quantitiesNotAllowed', status: report.status });
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, row.order.id)).orderBy(asc(orderLines.lineNumber));
  for (const reported of delivered) {
    const line = lines.find((candidate) => candidate.lineNumber === reported.entryNumber);
    if (!line) return fail({ kind: 'unknownEntry', entryNumber: reported.entryNumber });
    if (reported.deliveredQuantity > line.quantity) return fail({ kind: 'deliveredMoreThanOrdered', entryNumber: reported.entryNumber, ordered: line.quantity });
    line.deliveredQuantity = reported.deliveredQuantity;
    await tx
      .update(orderLines)
      .set({ deliveredQuantity: reported.deliveredQuantity })
      .where(and(eq(orderLines.orderId, row.order.id), eq(orderLines.lineNumber, reported.entryNumber)));
  }
  // The reported quantities are written first: the move counts every line not reported as delivered in full.
  const placedBy = { customerId: row.customerId, name: row.name, email: row.email };
  const by = { changedBy: report.changedBy, operatorId: report.operatorId, cause: 'statusReport' as const, trace: report.cause, auditDetails: { lines: delivered } };
  const moved = await moveOrder(tx, { order: row.order, shipToName: row.shipToName, cutoffTime: row.cutoffTime, placedBy, lines }, report.status, by, report.note ?? null);
  if (!moved.ok) return moved;
  const record: OrderRecord = { order: moved.value.order, shipToName: row.shipToName, cutoffTime: row.cutoffTime, lines: moved.value.lines ?? lines };
  return ok(record);
}
