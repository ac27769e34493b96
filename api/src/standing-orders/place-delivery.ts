import { eq } from 'drizzle-orm';
import { standingApprovalProblem } from '../approvals/standing-approval';
import type { PricedEntry } from '../carts/cart-prices';
import { newCartCode } from '../carts/cart-queries';
import type { Tx } from '../db/client';
import { cartEntries, carts, users } from '../db/schema';
import type { Result } from '../errors/result';
import { canPlace, type Placeable } from '../orders/can-place';
import { writePlacedOrder } from '../orders/order-writer';
import type { PlaceProblem } from '../orders/problems';
import type { DeliveryState } from './delivery-service';
import { saveDeliveryRecord, type ScopedStandingOrder } from './standing-queries';

export const NOTHING_LEFT = 'Not ordered: none of the lines is sold any more';
export const TOO_LARGE = 'Not ordered: the order would exceed the largest total an order can have';
export const OWNER_DISABLED = 'Not ordered: the user of this standing order is disabled';
export const PURCHASE_ORDER_MISSING = 'Not ordered: this account requires a purchase order number; add one to the standing order';

export type Placement = { placed: true; orderCode: string } | { placed: false; problem: string };

/** The idempotency key of a standing order's delivery: one order per delivery, whatever else goes wrong. */
export const deliveryOrderKey = (code: string, date: string) => `standing-order:${code}:${date}`;

/** Why a delivery was not ordered, as its page shows it. */
function placementProblem(problem: PlaceProblem): string {
  switch (problem.kind) {
    case 'ownerDisabled':
      return OWNER_DISABLED;
    case 'purchaseOrderMissing':
      return PURCHASE_ORDER_MISSING;
    case 'orderTooLarge':
      return TOO_LARGE;
    case 'emptyCart':
    case 'linesNotOrderable':
    case 'nothingSellable':
      return NOTHING_LEFT;
  }
}

type Owner = typeof users.$inferSelect;

/**
 * Whether a delivery can be ordered now, by the rule of checkout and amendments (orders/can-place.ts): an
 * active owner, the ship-to's PO rule as it is today, a total an order can hold. Lines no longer sold are
 * left out (the reminder named them).
 */
export async function deliveryPlaceable(tx: Tx, { standingOrder, scope }: ScopedStandingOrder, { entries }: DeliveryState): Promise<{ owner: Owner; placeable: Result<Placeable<PricedEntry>, PlaceProblem> }> {
  const [owner] = await tx.select().from(users).where(eq(users.id, standingOrder.userId));
  if (!owner) throw new Error(`the owner of standing order ${standingOrder.code} vanished`);
  const placeable = canPlace({
    owner,
    purchaseOrderRequired: scope.purchaseOrderRequired,
    purchaseOrderNumber: standingOrder.purchaseOrderNumber,
    range: scope.range,
    lines: entries,
    unsellable: 'leaveOut',
  });
  return { owner, placeable };
}

/**
 * Places a delivery's order at its cut-off with the lines and prices of this moment, through the same
 * writer as checkout (order.placed event, confirmation mail). A delivery canPlace refuses is recorded as
 * failed, with the reason.
 */
export async function placeDelivery(tx: Tx, scoped: ScopedStandingOrder, state: DeliveryState): Promise<Placement> {
  const { standingOrder, scope } = scoped;
  const { delivery } = state;
  const { owner, placeable } = await deliveryPlaceable(tx, scoped, state);
  if (!placeable.ok) {
    const problem = placementProblem(placeable.problem);
    await saveDeliveryRecord(tx, standingOrder.id, delivery.date, { problem });
    return { placed: false, problem };
  }
  // Over a limit, a standing order's deliveries are placed only once approved, and only near the approved total.
  const unapproved = standingApprovalProblem(standingOrder, placeable.value.totals.netPence);
  if (unapproved) {
    await saveDeliveryRecord(tx, standingOrder.id, delivery.date, { problem: unapproved });
    return { placed: false, problem: unapproved };
  }
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
  const lines = placeable.value.lines.map((entry, entryNumber) => ({ ...entry, entryNumber }));
  await tx.insert(cartEntries).values(lines.map((line) => ({ cartId: cart.id, entryNumber: line.entryNumber, productCode: line.productCode, quantity: line.quantity })));
  const record = await writePlacedOrder(tx, { cart, scope }, lines, deliveryOrderKey(standingOrder.code, delivery.date), {
    customerId: owner.customerId,
    name: owner.name,
    email: owner.email,
  });
  await saveDeliveryRecord(tx, standingOrder.id, delivery.date, { orderId: record.order.id, problem: null });
  return { placed: true, orderCode: record.order.code };
}
