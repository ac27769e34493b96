import { eq } from 'drizzle-orm';
import type { EntryRow } from '../carts/cart-queries';
import { newCartCode } from '../carts/cart-queries';
import type { Tx } from '../db/client';
import { cartEntries, carts, users } from '../db/schema';
import { MAX_ORDER_PENCE, writePlacedOrder } from '../orders/order-writer';
import { lineAmounts, sumTotals } from '../pricing/money';
import type { DeliveryState } from './delivery-service';
import { saveDeliveryRecord, type ScopedStandingOrder } from './standing-queries';
import { splitSellable } from './standing-view';

export const NOTHING_LEFT = 'Not ordered: none of the lines is sold any more';
export const TOO_LARGE = 'Not ordered: the order would exceed the largest total an order can have';

export type Placement = { placed: true; orderCode: string } | { placed: false; problem: string };

/** The idempotency key of a standing order's delivery: one order per delivery, whatever else goes wrong. */
export const deliveryOrderKey = (code: string, date: string) => `standing-order:${code}:${date}`;

/**
 * Places a delivery's order at its cut-off with the lines and prices of this moment, through the same
 * writer as checkout (order.placed event, confirmation mail). Lines no longer sold are left out (the
 * reminder named them); with none left the delivery fails, and says why.
 */
export async function placeDelivery(tx: Tx, scoped: ScopedStandingOrder, { delivery, entries }: DeliveryState): Promise<Placement> {
  const { standingOrder, scope } = scoped;
  const { sellable } = splitSellable(entries, scope.range);
  const problem = placementProblem(sellable);
  if (problem) {
    await saveDeliveryRecord(tx, standingOrder.id, delivery.date, { problem });
    return { placed: false, problem };
  }
  const [owner] = await tx.select().from(users).where(eq(users.id, standingOrder.userId));
  if (!owner) throw new Error(`the owner of standing order ${standingOrder.code} vanished`);
  // Orders come from carts (one order per cart): the delivery gets a cart of its own, closed as it is ordered.
  const [cart] = await tx
    .insert(carts)
    .values({
      code: newCartCode(),
      userId: owner.id,
      shipToCode: scope.shipToCode,
      range: scope.range,
      status: 'ordered',
      name: standingOrder.name,
      description: `Standing order ${standingOrder.code}, delivery ${delivery.date}`,
      requestedDeliveryDate: delivery.date,
      purchaseOrderNumber: standingOrder.purchaseOrderNumber,
      deliveryInstructions: standingOrder.deliveryInstructions,
    })
    .returning();
  if (!cart) throw new Error('cart insert returned nothing');
  const lines = sellable.map((entry, entryNumber) => ({ ...entry, entryNumber }));
  await tx.insert(cartEntries).values(lines.map((line) => ({ cartId: cart.id, entryNumber: line.entryNumber, productCode: line.productCode, quantity: line.quantity })));
  const record = await writePlacedOrder(tx, { cart, scope }, lines, deliveryOrderKey(standingOrder.code, delivery.date), {
    customerId: owner.customerId,
    name: owner.name,
    email: owner.email,
  });
  await saveDeliveryRecord(tx, standingOrder.id, delivery.date, { orderId: record.order.id, problem: null });
  return { placed: true, orderCode: record.order.code };
}

function placementProblem(sellable: EntryRow[]): string | undefined {
  if (sellable.length === 0) return NOTHING_LEFT;
  const gross = sumTotals(sellable.map((entry) => lineAmounts(entry.unitPricePence, entry.quantity, entry.vatRateBp))).grossPence;
  return gross > MAX_ORDER_PENCE ? TOO_LARGE : undefined;
}
