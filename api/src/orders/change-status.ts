import { placingOperatorOf } from '../order-status/order-event';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { orderLines, orders, products, shipTos, users, type LineSubstitution } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import type { OrderRecord } from './order-queries';
import { moveOrder } from '../order-status/move-order';
import { DECISION_STATUSES, canMove, QUANTITY_STATUSES, type OrderStatus } from '../order-status/order-status';
import type { StatusProblem } from '../order-status/problems';
import type { Cause } from '../tracing/cause';
import type { OrderRow } from '../order-status/order-in-process';
import { MAX_ORDER_PENCE } from './can-place';
import type { Totals } from '../pricing/money';
import { lineSubstitution, sameSubstitution, sentTotals, type ReportedSubstitution, type SubstituteProduct } from './substitutions';


export type ReportedLine = { entryNumber: number; deliveredQuantity: number } | ({ entryNumber: number } & ReportedSubstitution);

export interface StatusReport {
  code: string;
  status: OrderStatus;
  /** Per line, what was delivered of it, or what was sent instead (docs/substitutions.md). */
  lines?: ReportedLine[];
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
    .select({ order: orders, shipToName: shipTos.name, cutoffTime: shipTos.cutoffTime, customerId: users.customerId, name: users.name, email: users.email, operator: placingOperatorOf })
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
  const substitutes = await substituteProducts(tx, delivered);
  let substitutionsChanged = false;
  for (const reported of delivered) {
    const line = lines.find((candidate) => candidate.lineNumber === reported.entryNumber);
    if (!line) return fail({ kind: 'unknownEntry', entryNumber: reported.entryNumber });
    let change: { deliveredQuantity: number; substitution: LineSubstitution | null };
    if ('substitutedBy' in reported) {
      if (!line.allowSubstitute) return fail({ kind: 'substituteNotAllowed', entryNumber: reported.entryNumber });
      const product = substitutes.get(reported.substitutedBy);
      if (!product || product.code === line.productCode) return fail({ kind: 'unknownSubstitute', entryNumber: reported.entryNumber, productCode: reported.substitutedBy });
      // What was delivered of a substituted line is the substitute's cases: check-in counts those.
      change = { deliveredQuantity: reported.quantity, substitution: lineSubstitution(product, reported) };
    } else {
      if (reported.deliveredQuantity > line.quantity) return fail({ kind: 'deliveredMoreThanOrdered', entryNumber: reported.entryNumber, ordered: line.quantity });
      // The ordered product reported after all: a later report says what was sent.
      change = { deliveredQuantity: reported.deliveredQuantity, substitution: null };
    }
    // A report repeating what a line already says writes nothing (docs/substitutions.md).
    if (line.deliveredQuantity === change.deliveredQuantity && sameSubstitution(line.substitution, change.substitution)) continue;
    if (!sameSubstitution(line.substitution, change.substitution)) substitutionsChanged = true;
    Object.assign(line, change);
    await tx
      .update(orderLines)
      .set(change)
      .where(and(eq(orderLines.orderId, row.order.id), eq(orderLines.lineNumber, reported.entryNumber)));
  }
  // The order's totals are for what was sent: worked out again from every line, so a repeated report changes nothing.
  let order = row.order;
  if (substitutionsChanged) {
    const totals = sentTotals(lines, row.order);
    // The failed report is rolled back whole, its lines' writes included (errors/transaction.ts).
    if (totals.grossPence > MAX_ORDER_PENCE) return fail({ kind: 'orderTooLarge', maximumPence: MAX_ORDER_PENCE });
    order = await writeSentTotals(tx, row.order, totals);
  }
  // The reported quantities are written first: the move counts every line not reported as delivered in full.
  const placedBy = { customerId: row.customerId, name: row.name, email: row.email, operator: row.operator };
  const by = { changedBy: report.changedBy, operatorId: report.operatorId, cause: 'statusReport' as const, trace: report.cause, auditDetails: { lines: delivered } };
  const moved = await moveOrder(tx, { order, shipToName: row.shipToName, cutoffTime: row.cutoffTime, placedBy, lines }, report.status, by, report.note ?? null);
  if (!moved.ok) return moved;
  const record: OrderRecord = { order: moved.value.order, shipToName: row.shipToName, cutoffTime: row.cutoffTime, lines: moved.value.lines ?? lines };
  return ok(record);
}

/** The products a report sends instead, by code, in one query; none read when it substitutes nothing. */
async function substituteProducts(tx: Tx, reported: readonly ReportedLine[]): Promise<Map<string, SubstituteProduct>> {
  const codes = [...new Set(reported.flatMap((line) => ('substitutedBy' in line ? [line.substitutedBy] : [])))];
  if (codes.length === 0) return new Map();
  const rows = await tx
    .select({ code: products.code, name: products.name, packSize: products.packSize, vatRateBp: products.vatRateBp })
    .from(products)
    .where(inArray(products.code, codes));
  return new Map(rows.map((product) => [product.code, product]));
}

async function writeSentTotals(tx: Tx, order: OrderRow, totals: Totals): Promise<OrderRow> {
  const [written] = await tx.update(orders).set(totals).where(eq(orders.id, order.id)).returning();
  if (!written) throw new Error(`order ${order.code} vanished while locked`);
  return written;
}
