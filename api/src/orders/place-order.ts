import { findShipToScope } from '../accounts/ship-tos';
import { priceCartEntries } from '../carts/cart-prices';
import { cartEntryRows, type EntryRow, type ScopedCart } from '../carts/cart-queries';
import type { CommerceProblem } from '../carts/problems';
import { fail, ok, type Result } from '../errors/result';
import { resolveCart, type CartTarget } from '../carts/resolve-cart';
import { inTransaction, isUniqueViolation } from '../errors/transaction';
import type { Db, Tx } from '../db/client';
import { checkDeliveryDate, type Clock } from '../delivery/delivery-dates';
import type { PlacedBy } from '../order-status/order-event';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { canPlace } from './can-place';
import { findOrderByCart, findOrderByKey, findOwnedOrder, type OrderRecord } from './order-queries';
import { writeNewOrder } from './order-writer';
import { takeStock } from '../stock/take-stock';
import { minimumOrderShortfall } from '../pricing/delivery-charge/delivery-charge';
import { rowTotals } from '../pricing/price-lines';
import type { PlaceProblem } from './problems';

/** Checkout's answer: the cart's own problems, or the user's account refusing any order (canPlace). */
export type CheckoutResult = Result<OrderRecord, CommerceProblem | Extract<PlaceProblem, { kind: 'ownerDisabled' }>>;

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
export async function placeOrder(db: Db, request: PlaceOrderRequest, clock: Clock): Promise<CheckoutResult> {
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
async function replayed(db: Db, request: PlaceOrderRequest): Promise<CheckoutResult | undefined> {
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

async function placeInTransaction(tx: Tx, request: PlaceOrderRequest, clock: Clock): Promise<CheckoutResult> {
  const resolved = await resolveCart(tx, request.userId, request, { lock: true, includeOrdered: true, withOwnerStatus: true });
  if (!resolved.ok) return resolved;
  const scoped = resolved.value;
  if (scoped.cart.status === 'ordered') {
    const order = await findOrderByCart(tx, scoped.cart.id);
    return fail({ kind: 'cartAlreadyOrdered', orderCode: order?.code ?? 'unknown' });
  }
  const entries = await priceCartEntries(tx, scoped.cart, scoped.scope, await cartEntryRows(tx, scoped.cart.id, scoped.scope.soldToCode));
  const owner = { status: scoped.ownerStatus ?? (await ownerStatus(tx, request.userId)) };
  const problem = checkoutProblem(scoped, entries, owner, clock());
  if (problem) return fail(problem);
  // Below a minimum that refuses rather than charges, nothing is ordered (docs/minimum-order.md).
  const shortfall = minimumOrderShortfall(scoped.scope, rowTotals(entries).netPence);
  if (shortfall?.belowMinimum === 'refuse') return fail({ kind: 'belowMinimumOrder', minimumOrderPence: shortfall.minimumOrderPence, shortPence: shortfall.shortPence });
  const deliveryDate = scoped.cart.requestedDeliveryDate;
  if (deliveryDate === null) return fail({ kind: 'deliveryDateMissing' });
  // The stock rows stay locked until the order commits, so what is taken off them was there.
  const short = await takeStock(tx, deliveryDate, entries);
  if (short.length > 0) return fail({ kind: 'stockShort', deliveryDate, lines: short.map(({ productCode, name, quantity, available }) => ({ productCode, name, quantity, available })) });
  // A placement policy may hold it instead: over a limit, for approval (docs/approvals.md).
  const by = { changedBy: `customer:${request.placedBy.customerId}`, operatorId: null, cause: 'checkout' as const };
  const written = await writeNewOrder(tx, scoped, entries, request.idempotencyKey, request.placedBy, by);
  return written.ok ? written : fail(asCheckoutProblem(written.problem));
}

/** The owner's status where the cart read did not bring it (the current cart was created just now). */
async function ownerStatus(tx: Tx, userId: number): Promise<string> {
  const [owner] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId));
  if (!owner) throw new Error(`user ${userId} vanished at checkout`);
  return owner.status;
}

/**
 * Everything that must hold for a cart to become an order, checked at the moment it is placed: canPlace's
 * rule, with the cart's own wording for its problems, and a delivery date still open.
 */
function checkoutProblem({ cart, scope }: ScopedCart, entries: EntryRow[], owner: { status: string }, now: Date): CommerceProblem | Extract<PlaceProblem, { kind: 'ownerDisabled' }> | undefined {
  const placeable = canPlace({
    owner,
    purchaseOrderRequired: scope.purchaseOrderRequired,
    purchaseOrderNumber: cart.purchaseOrderNumber,
    range: scope.range,
    lines: entries,
    unsellable: 'refuse',
  });
  // A missing PO is told after the delivery date, as the checkout form asks for them in that order.
  if (!placeable.ok && placeable.problem.kind !== 'purchaseOrderMissing') return asCheckoutProblem(placeable.problem);
  if (!cart.requestedDeliveryDate) return { kind: 'deliveryDateMissing' };
  const dateCheck = checkDeliveryDate(now, cart.requestedDeliveryDate, scope);
  if (dateCheck !== 'orderable') return { kind: 'deliveryDateExpired', date: cart.requestedDeliveryDate, why: dateCheck };
  return placeable.ok ? undefined : asCheckoutProblem(placeable.problem);
}

function asCheckoutProblem(problem: PlaceProblem): CommerceProblem | Extract<PlaceProblem, { kind: 'ownerDisabled' }> {
  switch (problem.kind) {
    case 'linesNotOrderable':
      return { kind: 'linesNotOrderable', lines: problem.lines.map((line) => ({ productCode: line.productCode, reason: line.problem.kind })) };
    case 'nothingSellable':
      return { kind: 'emptyCart' };
    default:
      return problem;
  }
}
