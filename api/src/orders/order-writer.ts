import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PricedEntry } from '../carts/cart-prices';
import { allowSubstitute, type ScopedCart } from '../carts/cart-queries';
import type { Tx } from '../db/client';
import { carts, orderLines, orders } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import type { PlacedBy, PlacingOperator } from '../order-status/order-event';
import type { Mover } from '../order-status/order-in-process';
import type { PlaceProblem } from '../order-status/problems';
import { requestPlacement } from '../order-status/request-placement';
import { DELIVERY_CHARGE } from '../pricing/delivery-charge/delivery-charge';
import { priceContext } from '../pricing/price-adjuster';
import { priceCharges, rowTotals } from '../pricing/price-lines';
import { anyLimitsFor, limitsInput } from '../spending-limits/limit-check';
import { orderLineSnapshot } from './order-line-snapshot';
import { creditHoldOf, type OrderRecord } from './order-queries';

/**
 * The one way an order comes into being, from checkout or a standing order at its cut-off, once canPlace
 * (can-place.ts) has accepted its lines: the order and its lines priced now, the cart closed, then its first
 * status from the order process (order-status/request-placement.ts) in the caller's transaction: placed, with
 * its order.placed event (webhook and confirmation mail), or held by a placement policy (the limits,
 * docs/approvals.md), which nobody outside hears of until it is placed. The policies are asked last so that
 * the per-ship-to lock a period limit takes is held only from the check to the commit.
 */
export async function writeNewOrder(tx: Tx, scoped: ScopedCart, entries: PricedEntry[], idempotencyKey: string, { cause, ...placedBy }: PlacedBy, by: Omit<Mover, 'trace'>): Promise<Result<OrderRecord, PlaceProblem>> {
  const { record, anyLimits } = await writeOrder(tx, scoped, entries, idempotencyKey, placedBy.operator ?? null);
  const policyInputs = limitsInput({ anyLimits });
  const placed = await requestPlacement(tx, { ...record, placedBy, from: 'new', by: { ...by, trace: cause }, note: null, linesCheckedNow: true, policyInputs });
  if (placed.ok) {
    const creditHold = await creditHoldOf(tx, placed.value.order);
    return ok({ ...record, order: placed.value.order, ...(creditHold ? { creditHold } : {}) });
  }
  const { problem } = placed;
  // A new order may be placed or held, always (order-status/order-status.ts).
  if (problem.kind === 'transitionNotAllowed') throw new Error(`a new order cannot be ${problem.to}`);
  return fail(problem);
}

/**
 * Writes the order and its snapshot lines and closes the cart; answers the order as written and, read with
 * its insert, whether any spending limit applies to it (the limits policy then reads none when none does).
 */
async function writeOrder(tx: Tx, { cart, scope }: ScopedCart, entries: PricedEntry[], idempotencyKey: string, operator: PlacingOperator | null): Promise<{ record: OrderRecord; anyLimits: boolean }> {
  // The order's totals include its delivery charge, so the limits and credit exposure weigh what will be paid.
  const { totals, charges } = priceCharges(priceContext(scope, cart.requestedDeliveryDate), rowTotals(entries));
  const delivery = charges.find((charge) => charge.kind === DELIVERY_CHARGE);
  const [written] = await tx
    .insert(orders)
    .values({
      code: sql`'MV-' || lpad(nextval('order_number_seq')::text, 6, '0')`,
      userId: cart.userId,
      shipToCode: scope.shipToCode,
      soldToCode: scope.soldToCode,
      range: scope.range,
      deliveryDate: cart.requestedDeliveryDate as string,
      purchaseOrderNumber: cart.purchaseOrderNumber,
      deliveryInstructions: cart.deliveryInstructions,
      netPence: totals.netPence,
      vatPence: totals.vatPence,
      grossPence: totals.grossPence,
      deliveryChargePence: delivery?.netPence ?? 0,
      deliveryChargeVatPence: delivery?.vatPence ?? 0,
      sourceCartId: cart.id,
      idempotencyKey,
      placedByOperatorId: operator?.id ?? null,
    })
    .returning({ ...getTableColumns(orders), anyLimits: anyLimitsFor(scope.soldToCode, scope.shipToCode, cart.userId) });
  if (!written) throw new Error('order insert returned nothing');
  const { anyLimits, ...order } = written;
  const lines = await tx
    .insert(orderLines)
    .values(entries.map((entry, index) => ({ ...orderLineSnapshot(entry, index, allowSubstitute(entry, scope)), orderId: order.id })))
    .returning();
  await tx.update(carts).set({ status: 'ordered', version: sql`${carts.version} + 1`, updatedAt: sql`now()` }).where(eq(carts.id, cart.id));
  // The answer shows each product's food marks as the cart read them, as a later read of the order would.
  const byCode = new Map(entries.map((entry) => [entry.productCode, entry]));
  const withMarks = lines.map((line) => {
    const entry = byCode.get(line.productCode);
    return entry ? { ...line, foodMarkBits: entry.foodMarkBits } : line;
  });
  const placedByOperator = operator && { name: operator.name };
  return { record: { order, shipToName: scope.shipToName, cutoffTime: scope.cutoffTime, lines: withMarks, placedByOperator }, anyLimits };
}
