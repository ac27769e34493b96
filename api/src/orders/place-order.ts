import { findShipToScope } from '../accounts/ship-tos';
import { cartEntryRows, type EntryRow, type ScopedCart } from '../carts/cart-queries';
import { fail, ok, type CommerceProblem, type Result } from '../carts/problems';
import { resolveCart, type CartTarget } from '../carts/resolve-cart';
import { lineProblem } from '../carts/sellable';
import { inTransaction, isUniqueViolation } from '../errors/transaction';
import type { Db, Tx } from '../db/client';
import { checkDeliveryDate, type Clock } from '../delivery/delivery-dates';
import type { PlacedBy } from '../outbox/order-event';
import { lineAmounts, sumTotals } from '../pricing/money';
import { findOrderByCart, findOrderByKey, findOwnedOrder, type OrderRecord } from './order-queries';
import { MAX_ORDER_PENCE, writePlacedOrder } from './order-writer';

export interface PlaceOrderRequest extends CartTarget {
  userId: number;
  idempotencyKey: string;
  /** The signed-in user, named in the order.placed event and sent its confirmation. */
  placedBy: PlacedBy;
}

/**
 * Places the order for a cart, once. The idempotency key makes a repeat answer with the first order; the
 * unique source cart makes every other submission of an ordered cart a conflict, however many race.
 */
export async function placeOrder(db: Db, request: PlaceOrderRequest, clock: Clock): Promise<Result<OrderRecord>> {
  const earlier = await replayed(db, request);
  if (earlier) return earlier;
  try {
    const placed = await inTransaction(db, (tx) => placeInTransaction(tx, request, clock));
    if (placed.ok) return placed;
    // A submission that lost a race with the same key answers with the winner's order.
    return (await replayed(db, request)) ?? placed;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await replayed(db, request);
    if (winner) return winner;
    throw error;
  }
}

/** The answer for a key used before: its order when the request names the same cart, else 422. */
async function replayed(db: Db, request: PlaceOrderRequest): Promise<Result<OrderRecord> | undefined> {
  const earlier = await findOrderByKey(db, request.userId, request.idempotencyKey);
  if (!earlier) return undefined;
  const { order, cartCode } = earlier;
  const sameCart =
    request.cartId === 'active'
      ? order.shipToCode === request.shipTo && order.range === request.salesOrg
      : cartCode === request.cartId &&
        (request.shipTo === undefined || request.shipTo === order.shipToCode) &&
        (request.salesOrg === undefined || request.salesOrg === order.range);
  if (!sameCart) return fail({ kind: 'idempotencyKeyReused', orderCode: order.code });
  // The caller must still hold the ship-to, as for every other read of the order.
  const scope = await findShipToScope(db, request.userId, order.shipToCode, order.range);
  if (!scope.ok) return scope;
  return ok(await ownedOrder(db, request.userId, order.code));
}

async function ownedOrder(db: Db, userId: number, code: string): Promise<OrderRecord> {
  const record = await findOwnedOrder(db, userId, code);
  if (!record) throw new Error(`order ${code} vanished after it was placed`);
  return record;
}

async function placeInTransaction(tx: Tx, request: PlaceOrderRequest, clock: Clock): Promise<Result<OrderRecord>> {
  const resolved = await resolveCart(tx, request.userId, request, true, true);
  if (!resolved.ok) return resolved;
  const scoped = resolved.value;
  if (scoped.cart.status === 'ordered') {
    const order = await findOrderByCart(tx, scoped.cart.id);
    return fail({ kind: 'cartAlreadyOrdered', orderCode: order?.code ?? 'unknown' });
  }
  const entries = await cartEntryRows(tx, scoped.cart.id, scoped.scope.soldToCode);
  const problem = checkoutProblem(scoped, entries, clock());
  if (problem) return fail(problem);
  return ok(await writePlacedOrder(tx, scoped, entries, request.idempotencyKey, request.placedBy));
}

/** Everything that must hold for a cart to become an order, checked at the moment it is placed. */
function checkoutProblem({ cart, scope }: ScopedCart, entries: EntryRow[], now: Date): CommerceProblem | undefined {
  if (entries.length === 0) return { kind: 'emptyCart' };
  const badLines = entries.flatMap((entry) => {
    const problem = lineProblem(entry.productCode, { ...entry, code: entry.productCode }, scope.range, entry.quantity);
    return problem ? [{ productCode: entry.productCode, reason: problem.kind }] : [];
  });
  if (badLines.length > 0) return { kind: 'linesNotOrderable', lines: badLines };
  const gross = sumTotals(entries.map((entry) => lineAmounts(entry.unitPricePence, entry.quantity, entry.vatRateBp))).grossPence;
  if (gross > MAX_ORDER_PENCE) return { kind: 'orderTooLarge', maximumPence: MAX_ORDER_PENCE };
  if (!cart.requestedDeliveryDate) return { kind: 'deliveryDateMissing' };
  const dateCheck = checkDeliveryDate(now, cart.requestedDeliveryDate, scope);
  if (dateCheck !== 'orderable') return { kind: 'deliveryDateExpired', date: cart.requestedDeliveryDate, why: dateCheck };
  if (scope.purchaseOrderRequired && !cart.purchaseOrderNumber) return { kind: 'purchaseOrderMissing' };
  return undefined;
}
