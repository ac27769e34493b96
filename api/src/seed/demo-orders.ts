import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { carts, orderLines, orderStatusChanges, orders } from '../db/schema';
import { lineAmounts, sumTotals } from '../pricing/money';
import type { IsoDate } from '../time/calendar-date';
import { londonInstant } from '../time/london-time';
import { DEMO_OPERATOR } from './demo-accounts';
import { generateProduct } from './generate-catalogue';

export type DemoProduct = ReturnType<typeof generateProduct>;

/** The first products of a range in the demo catalogue, in catalogue order: demo orders name their lines by position. */
export function rangeProducts(range: string, count: number): DemoProduct[] {
  const found: DemoProduct[] = [];
  for (let index = 0; found.length < count; index += 1) {
    const product = generateProduct(index);
    if (product.range === range) found.push(product);
  }
  return found;
}

export const addIsoDays = (iso: IsoDate, days: number): IsoDate => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface DeliveredDemoOrder {
  /** The order's idempotency key with its user: the same key is the same order on every seed run. */
  key: string;
  userId: number;
  soldTo: string;
  shipTo: string;
  range: string;
  deliveryDate: IsoDate;
  placedDay: IsoDate;
  /** Products and cases of each, at list price. */
  lines: [DemoProduct, number][];
}

const DECIDED_BY = `operator:${DEMO_OPERATOR.email}`;

/**
 * Writes one delivered order of the demo, with its cart, lines (all delivered) and the status moves of a normal
 * week, or sets an order written by an earlier run back to these values: a second seed changes nothing.
 */
export async function writeDeliveredDemoOrder(tx: Tx, order: DeliveredDemoOrder): Promise<void> {
  const lines = order.lines.map(([product, quantity], lineNumber) => {
    const amounts = lineAmounts(product.listPricePence, quantity, product.vatRateBp);
    return { lineNumber, productCode: product.code, name: product.name, packSize: product.packSize, unitPricePence: product.listPricePence, vatRateBp: product.vatRateBp, quantity, ...amounts };
  });
  const { deliveryDate, placedDay } = order;
  const values = { status: 'delivered' as const, placedAt: londonInstant(placedDay, '09:30'), deliveryDate, shipToCode: order.shipTo, ...sumTotals(lines) };
  const [found] = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.userId, order.userId), eq(orders.idempotencyKey, order.key)));
  let orderId = found?.id;
  if (orderId !== undefined) await tx.update(orders).set(values).where(eq(orders.id, orderId));
  else {
    const [cart] = await tx
      .insert(carts)
      .values({ code: randomUUID(), userId: order.userId, shipToCode: order.shipTo, range: order.range, status: 'ordered', requestedDeliveryDate: deliveryDate })
      .returning({ id: carts.id });
    if (!cart) throw new Error('demo cart insert returned nothing');
    const [written] = await tx
      .insert(orders)
      .values({ code: sql`'MV-' || lpad(nextval('order_number_seq')::text, 6, '0')`, userId: order.userId, soldToCode: order.soldTo, range: order.range, sourceCartId: cart.id, idempotencyKey: order.key, ...values })
      .returning({ id: orders.id });
    orderId = written?.id;
    if (orderId === undefined) throw new Error(`demo order ${order.key} was not written`);
    const steps = [
      ['placed', 'confirmed', placedDay, '15:00'],
      ['confirmed', 'picking', addIsoDays(deliveryDate, -1), '22:00'],
      ['picking', 'dispatched', deliveryDate, '05:30'],
      ['dispatched', 'delivered', deliveryDate, '09:40'],
    ] as const;
    await tx.insert(orderStatusChanges).values(steps.map(([fromStatus, toStatus, day, time]) => ({ orderId: orderId as number, fromStatus, toStatus, changedBy: DECIDED_BY, changedAt: londonInstant(day, time) })));
  }
  for (const line of lines) {
    const row = { ...line, orderId, deliveredQuantity: line.quantity };
    await tx
      .insert(orderLines)
      .values(row)
      .onConflictDoUpdate({ target: [orderLines.orderId, orderLines.lineNumber], set: row });
  }
}
