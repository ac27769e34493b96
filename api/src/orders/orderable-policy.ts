import { asc, eq } from 'drizzle-orm';
import type { EntryRow } from '../carts/cart-queries';
import { productsByCode } from '../carts/products-by-code';
import type { Tx } from '../db/client';
import { orderLines, orders, shipTos, users } from '../db/schema';
import type { OrderLineRow, PlacementRequest } from '../order-status/order-in-process';
import { registerPlacementPolicy, type PlacementPolicy, type Verdict } from '../order-status/order-process';
import { canPlace } from './can-place';

/**
 * canPlace as the order process's first placement policy: an order is placed only if canPlace accepts it
 * now, however it comes to be placed. Checkout, a standing order's delivery and an amendment ran canPlace on
 * the very lines they wrote, in this transaction (linesCheckedNow); an approval, a resubmission and a
 * re-check place an order written earlier, so its lines are checked against the products as they are now,
 * at the prices the order keeps.
 */
const orderablePolicy: PlacementPolicy = {
  name: 'orderable',
  async guard(tx: Tx, request: PlacementRequest): Promise<Verdict> {
    if (request.linesCheckedNow) return { kind: 'pass' };
    const { order } = request;
    const [rules] = await tx
      .select({ ownerStatus: users.status, purchaseOrderRequired: shipTos.purchaseOrderRequired })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .innerJoin(shipTos, eq(shipTos.code, orders.shipToCode))
      .where(eq(orders.id, order.id));
    if (!rules) throw new Error(`order ${order.code} vanished while locked`);
    const lines = request.lines ?? (await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.lineNumber)));
    const placeable = canPlace({
      owner: { status: rules.ownerStatus },
      purchaseOrderRequired: rules.purchaseOrderRequired,
      purchaseOrderNumber: order.purchaseOrderNumber,
      range: order.range,
      lines: await asEntries(tx, order, lines),
      unsellable: 'refuse',
    });
    return placeable.ok ? { kind: 'pass' } : { kind: 'refuse', problem: placeable.problem };
  },
};

/** The order's lines as canPlace reads cart lines: each product's rules of now, at the order's own prices. */
async function asEntries(tx: Tx, order: { soldToCode: string; range: string }, lines: OrderLineRow[]): Promise<EntryRow[]> {
  const products = await productsByCode(tx, [...new Set(lines.map((line) => line.productCode))], order.soldToCode);
  return lines.map((line) => {
    // A product gone from the catalogue is refused as a discontinued one.
    const product = products.get(line.productCode) ?? { productCode: line.productCode, categoryId: order.range, name: line.name, brand: '', packSize: line.packSize, salesUnit: '', storageText: '', shelfLifeDays: 0, range: order.range, minOrderQuantity: 1, stockStatus: '', discontinued: true, unitPricePence: 0, vatRateBp: 0, stockLevels: null, foodMarkBits: 0 };
    return { ...product, entryNumber: line.lineNumber, quantity: line.quantity, unitPricePence: line.unitPricePence, vatRateBp: line.vatRateBp };
  });
}

/** At start-up, before every other module's policies: nothing unorderable is placed. */
export function registerOrderablePolicy(): void {
  registerPlacementPolicy(orderablePolicy);
}
