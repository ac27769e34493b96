import { eq } from 'drizzle-orm';
import { productsByCode } from '../carts/products-by-code';
import type { Db, Tx } from '../db/client';
import { orderLines, orders } from '../db/schema';
import type { Clock } from '../delivery/delivery-dates';
import { ok, type Result } from '../errors/result';
import { orderEvent } from './order-event';
import { writeEvent } from '../outbox/write-event';
import { priceAmendedLines, type WantedLine } from './amended-lines';
import { changeOwnedOrder, type LockedOrder, type OrderChangeOutcome } from './order-change';
import type { OrderChangeProblem } from './problems';

export interface Amendment {
  entries: WantedLine[];
  /** Undefined keeps the order's value; null clears it. */
  purchaseOrderNumber?: string | null;
  deliveryInstructions?: string | null;
}

/**
 * Replaces an order's lines, PO number and instructions until its cut-off. Prices, VAT and totals are taken
 * again from the sold-to's prices of this moment, as if the order were placed now; an order.amended event
 * (webhook and e-mail) is written with the change.
 */
export async function amendOrder(db: Db, clock: Clock, userId: number, code: string, amendment: Amendment): Promise<OrderChangeOutcome> {
  return changeOwnedOrder(db, clock, userId, code, (tx, locked) => writeAmendment(tx, locked, amendment));
}

async function writeAmendment(tx: Tx, locked: LockedOrder, amendment: Amendment): Promise<Result<void, OrderChangeProblem>> {
  const { order } = locked;
  const products = await productsByCode(tx, [...new Set(amendment.entries.map((entry) => entry.productCode))], order.soldToCode);
  const purchaseOrderNumber = amendment.purchaseOrderNumber === undefined ? order.purchaseOrderNumber : amendment.purchaseOrderNumber;
  const priced = priceAmendedLines(amendment.entries, products, {
    owner: locked.owner,
    purchaseOrderRequired: locked.purchaseOrderRequired,
    purchaseOrderNumber,
    range: order.range,
  });
  if (!priced.ok) return priced;

  await tx.delete(orderLines).where(eq(orderLines.orderId, order.id));
  const lines = await tx
    .insert(orderLines)
    .values(priced.value.lines.map((line) => ({ ...line, orderId: order.id })))
    .returning();
  const [amended] = await tx
    .update(orders)
    .set({
      purchaseOrderNumber,
      deliveryInstructions: amendment.deliveryInstructions === undefined ? order.deliveryInstructions : amendment.deliveryInstructions,
      ...priced.value.totals,
    })
    .where(eq(orders.id, order.id))
    .returning();
  if (!amended) throw new Error(`order ${order.code} vanished while locked`);
  const record = { order: amended, shipToName: locked.shipToName, cutoffTime: locked.cutoffTime, lines };
  await writeEvent(tx, orderEvent('order.amended', record, locked.placedBy));
  return ok(undefined);
}
