import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderLines, orders, orderStatusChanges } from '../db/schema';
import { QUANTITY_STATUSES, reportableMoves } from './order-status';

/**
 * An order's status as the status form and an ERP need it: where it stands, the moves open from there,
 * what each line ordered and delivered (or sent instead, docs/substitutions.md), and every change with who made it.
 */
export async function orderStatusView(db: Db, code: string) {
  const rows = await db.select({ id: orders.id, code: orders.code, status: orders.status }).from(orders).where(eq(orders.code, code)).limit(1);
  const order = rows[0];
  if (!order) return undefined;
  const [lines, changes] = await Promise.all([
    db
      .select({ entryNumber: orderLines.lineNumber, productCode: orderLines.productCode, name: orderLines.name, packSize: orderLines.packSize, quantity: orderLines.quantity, deliveredQuantity: orderLines.deliveredQuantity, allowSubstitute: orderLines.allowSubstitute, substitution: orderLines.substitution })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.lineNumber)),
    db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, order.id)).orderBy(asc(orderStatusChanges.id)),
  ]);
  return {
    code: order.code,
    status: order.status,
    next: reportableMoves(order.status),
    quantityStatuses: QUANTITY_STATUSES,
    lines,
    changes: changes.map((change) => ({
      from: change.fromStatus,
      to: change.toStatus,
      note: change.note,
      changedBy: change.changedBy,
      changedAt: change.changedAt.toISOString(),
    })),
  };
}
