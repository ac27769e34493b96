import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { shipToScopeColumns, type ShipToScope } from '../accounts/ship-tos';
import type { PricedEntry } from '../carts/cart-prices';
import { cartProductColumns } from '../carts/cart-queries';
import type { DbOrTx } from '../db/client';
import {
  orders,
  prices,
  products,
  shipToRanges,
  shipTos,
  standingOrderDeliveries,
  standingOrderLines,
  standingOrders,
  userShipTos,
  type DeliveryLine,
} from '../db/schema';
import type { IsoDate } from '../time/calendar-date';
import type { DeliverySchedule } from '../delivery/delivery-dates';
import type { PriceContext } from '../pricing/price-adjuster';
import { priceRows } from '../pricing/price-lines';
import type { StandingRule } from './schedule';

export type StandingOrderRow = typeof standingOrders.$inferSelect;

/** A standing order with the ship-to and range it orders for, as its owner still holds them. */
export interface ScopedStandingOrder {
  standingOrder: StandingOrderRow;
  scope: ShipToScope;
}

export const ruleOf = (row: StandingOrderRow): StandingRule => ({ weekdays: row.weekdays, startDate: row.startDate, endDate: row.endDate });
export const scheduleOf = (scope: ShipToScope): DeliverySchedule => ({ deliveryWeekdays: scope.deliveryWeekdays, cutoffTime: scope.cutoffTime });

/** Standing orders joined through their owner's ship-tos: one whose ship-to or range the owner lost is gone. */
function scopedStandingOrders(db: DbOrTx) {
  return db
    .select({ standingOrder: standingOrders, scope: shipToScopeColumns })
    .from(standingOrders)
    .innerJoin(userShipTos, and(eq(userShipTos.userId, standingOrders.userId), eq(userShipTos.shipToCode, standingOrders.shipToCode)))
    .innerJoin(shipTos, eq(shipTos.code, standingOrders.shipToCode))
    .innerJoin(shipToRanges, and(eq(shipToRanges.shipToCode, standingOrders.shipToCode), eq(shipToRanges.range, standingOrders.range)));
}

const toScoped = (row: { standingOrder: StandingOrderRow; scope: Omit<ShipToScope, 'range'> & { range: string } }): ScopedStandingOrder => ({
  standingOrder: row.standingOrder,
  scope: { ...row.scope, range: row.scope.range as ShipToScope['range'] },
});

/** The caller's standing order by code; with `lock`, its row is held until the transaction ends. */
export async function findOwnedStandingOrder(db: DbOrTx, userId: number, code: string, lock: boolean): Promise<ScopedStandingOrder | undefined> {
  const query = scopedStandingOrders(db)
    .where(and(eq(standingOrders.code, code), eq(standingOrders.userId, userId)))
    .limit(1);
  const rows = lock ? await query.for('update', { of: standingOrders }) : await query;
  return rows[0] && toScoped(rows[0]);
}

/** A standing order by id for the scheduler, locked, whoever owns it; undefined once its owner lost the ship-to. */
export async function lockStandingOrderById(db: DbOrTx, id: number): Promise<ScopedStandingOrder | undefined> {
  const rows = await scopedStandingOrders(db).where(eq(standingOrders.id, id)).limit(1).for('update', { of: standingOrders });
  return rows[0] && toScoped(rows[0]);
}

export async function listStandingOrders(db: DbOrTx, userId: number, scope: ShipToScope): Promise<StandingOrderRow[]> {
  return db
    .select()
    .from(standingOrders)
    .where(and(eq(standingOrders.userId, userId), eq(standingOrders.shipToCode, scope.shipToCode), eq(standingOrders.range, scope.range)))
    .orderBy(asc(standingOrders.id));
}

/** The standing lines of several standing orders of one ship-to and range, priced by the pricing pipeline, each in entry order. */
export async function standingLines(db: DbOrTx, ids: number[], context: PriceContext): Promise<Map<number, PricedEntry[]>> {
  const byOrder = new Map<number, PricedEntry[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byOrder;
  const soldToCode = context.soldTo;
  const rows = await db
    .select({ standingOrderId: standingOrderLines.standingOrderId, entryNumber: standingOrderLines.entryNumber, quantity: standingOrderLines.quantity, ...cartProductColumns })
    .from(standingOrderLines)
    .innerJoin(products, eq(products.code, standingOrderLines.productCode))
    .leftJoin(prices, and(eq(prices.productCode, products.code), eq(prices.soldToCode, soldToCode)))
    .where(inArray(standingOrderLines.standingOrderId, ids))
    .orderBy(asc(standingOrderLines.standingOrderId), asc(standingOrderLines.entryNumber));
  const priced = await priceRows(db, context, rows.map((row) => ({ ...row, unitPricePence: Number(row.unitPricePence) })));
  for (const { standingOrderId, ...row } of priced) byOrder.get(standingOrderId)?.push(row);
  return byOrder;
}

/** One delivery's own lines, priced by the pricing pipeline now, in the order given; products that vanished are dropped. */
export async function deliveryLineRows(db: DbOrTx, lines: DeliveryLine[], context: PriceContext): Promise<PricedEntry[]> {
  if (lines.length === 0) return [];
  const soldToCode = context.soldTo;
  const rows = await db
    .select(cartProductColumns)
    .from(products)
    .leftJoin(prices, and(eq(prices.productCode, products.code), eq(prices.soldToCode, soldToCode)))
    .where(inArray(products.code, lines.map((line) => line.productCode)));
  const byCode = new Map(rows.map((row) => [row.productCode, { ...row, unitPricePence: Number(row.unitPricePence) }]));
  const entries = lines.flatMap((line, entryNumber) => {
    const product = byCode.get(line.productCode);
    return product ? [{ ...product, entryNumber, quantity: line.quantity }] : [];
  });
  return priceRows(db, context, entries);
}

export type DeliveryRecord = typeof standingOrderDeliveries.$inferSelect & { orderCode: string | null };

/** What is recorded about the deliveries of standing orders from `from` on, by standing order id and date. */
export async function deliveryRecords(db: DbOrTx, ids: number[], from: IsoDate): Promise<Map<number, Map<IsoDate, DeliveryRecord>>> {
  const byOrder = new Map<number, Map<IsoDate, DeliveryRecord>>(ids.map((id) => [id, new Map()]));
  if (ids.length === 0) return byOrder;
  const rows = await db
    .select({ record: standingOrderDeliveries, orderCode: orders.code })
    .from(standingOrderDeliveries)
    .leftJoin(orders, eq(orders.id, standingOrderDeliveries.orderId))
    .where(and(inArray(standingOrderDeliveries.standingOrderId, ids), gte(standingOrderDeliveries.deliveryDate, from)));
  for (const { record, orderCode } of rows) byOrder.get(record.standingOrderId)?.set(record.deliveryDate, { ...record, orderCode });
  return byOrder;
}

/** Writes part of one delivery's record, creating it when it is the first thing known about that delivery. */
export async function saveDeliveryRecord(
  db: DbOrTx,
  standingOrderId: number,
  deliveryDate: IsoDate,
  changes: Partial<Pick<typeof standingOrderDeliveries.$inferInsert, 'skipped' | 'lines' | 'orderId' | 'problem'>>,
): Promise<void> {
  await db
    .insert(standingOrderDeliveries)
    .values({ standingOrderId, deliveryDate, ...changes })
    .onConflictDoUpdate({
      target: [standingOrderDeliveries.standingOrderId, standingOrderDeliveries.deliveryDate],
      set: { ...changes, updatedAt: sql`now()` },
    });
}

/** Every active standing order whose owner still holds its ship-to and range: the scheduler's worklist. */
export async function activeStandingOrders(db: DbOrTx): Promise<ScopedStandingOrder[]> {
  const rows = await scopedStandingOrders(db).where(eq(standingOrders.status, 'active')).orderBy(asc(standingOrders.id));
  return rows.map(toScoped);
}
