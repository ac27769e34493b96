import { eq } from 'drizzle-orm';
import { standingApprovalProblem } from './standing-approval';
import type { PricedEntry } from '../carts/cart-prices';
import { newCartCode } from '../carts/cart-queries';
import type { Tx } from '../db/client';
import { cartEntries, carts, users } from '../db/schema';
import { fail, type Result } from '../errors/result';
import { canPlace, type Placeable } from '../orders/can-place';
import type { OrderRecord } from '../orders/order-queries';
import { writeNewOrder } from '../orders/order-writer';
import type { PlaceProblem } from '../orders/problems';
import { minimumOrderShortfall, shortfallMessage } from '../pricing/delivery-charge/delivery-charge';
import type { Cause } from '../tracing/cause';
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
 * writer and order process as checkout (order.placed event, confirmation mail; a placement policy may hold
 * it). A delivery canPlace or a policy refuses is recorded as failed, with the reason.
 */
export async function placeDelivery(tx: Tx, scoped: ScopedStandingOrder, state: DeliveryState, cause: Cause): Promise<Placement> {
  const { standingOrder, scope } = scoped;
  const { delivery } = state;
  const { owner, placeable } = await deliveryPlaceable(tx, scoped, state);
  if (!placeable.ok) {
    const problem = placementProblem(placeable.problem);
    await saveDeliveryRecord(tx, standingOrder.id, delivery.date, { problem });
    return { placed: false, problem };
  }
  // Below a minimum order that refuses, the delivery is not ordered, as checkout would not order it (docs/minimum-order.md).
  const shortfall = minimumOrderShortfall(scope, placeable.value.totals.netPence);
  if (shortfall?.belowMinimum === 'refuse') {
    const problem = `Not ordered: ${shortfallMessage(shortfall)}`;
    await saveDeliveryRecord(tx, standingOrder.id, delivery.date, { problem });
    return { placed: false, problem };
  }
  // Over a limit, a standing order's deliveries are placed only once approved, and only near the approved total.
  const unapproved = standingApprovalProblem(standingOrder, placeable.value.totals.netPence);
  if (unapproved) {
    await saveDeliveryRecord(tx, standingOrder.id, delivery.date, { problem: unapproved });
    return { placed: false, problem: unapproved };
  }
  const written = await writeDeliveryOrder(tx, scoped, state, { ...owner, cause }, placeable.value.lines);
  if (!written.ok) {
    const problem = placementProblem(written.problem);
    await saveDeliveryRecord(tx, standingOrder.id, delivery.date, { problem });
    return { placed: false, problem };
  }
  const record = written.value;
  await saveDeliveryRecord(tx, standingOrder.id, delivery.date, { orderId: record.order.id, problem: null });
  return { placed: true, orderCode: record.order.code };
}

/** A placement policy's refusal, carried out of the savepoint it rolls back. */
class Refused extends Error {
  constructor(readonly problem: PlaceProblem) {
    super(`refused: ${problem.kind}`);
  }
}

/**
 * The delivery's order, written as checkout writes one: orders come from carts (one order per cart), so the
 * delivery gets a cart of its own, closed as it is ordered. A placement policy that refuses the order leaves
 * neither behind (a savepoint), so the delivery is recorded as failed instead.
 */
async function writeDeliveryOrder(tx: Tx, { standingOrder, scope }: ScopedStandingOrder, { delivery }: DeliveryState, owner: Owner & { cause: Cause }, entries: PricedEntry[]): Promise<Result<OrderRecord, PlaceProblem>> {
  try {
    return await tx.transaction(async (savepoint) => {
      const [cart] = await savepoint
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
      const lines = entries.map((entry, entryNumber) => ({ ...entry, entryNumber }));
      await savepoint.insert(cartEntries).values(lines.map((line) => ({ cartId: cart.id, entryNumber: line.entryNumber, productCode: line.productCode, quantity: line.quantity })));
      const placedBy = { customerId: owner.customerId, name: owner.name, email: owner.email, cause: owner.cause };
      const by = { changedBy: `system:standing-order:${standingOrder.code}`, operatorId: null, cause: 'standingOrder' as const };
      const written = await writeNewOrder(savepoint, { cart, scope }, lines, deliveryOrderKey(standingOrder.code, delivery.date), placedBy, by);
      if (!written.ok) throw new Refused(written.problem);
      return written;
    });
  } catch (error) {
    if (error instanceof Refused) return fail(error.problem);
    throw error;
  }
}
