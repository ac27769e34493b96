import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { ShipToScope } from '../accounts/ship-tos';
import type { DbOrTx } from '../db/client';
import { carts, orderLines, orders, shipToRanges, shipTos, userShipTos } from '../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export interface OrderRecord {
  order: OrderRow;
  shipToName: string;
  lines: OrderLineRow[];
}

export async function orderLinesOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, OrderLineRow[]>> {
  const byOrder = new Map<number, OrderLineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.lineNumber));
  for (const row of rows) byOrder.get(row.orderId)?.push(row);
  return byOrder;
}

async function withLines(db: DbOrTx, order: OrderRow, shipToName: string): Promise<OrderRecord> {
  const lines = (await orderLinesOf(db, [order.id])).get(order.id) ?? [];
  return { order, shipToName, lines };
}

/**
 * The caller's order by its code, only while they still hold its ship-to and range: anything else is
 * answered exactly like an order that does not exist.
 */
export async function findOwnedOrder(db: DbOrTx, userId: number, code: string): Promise<OrderRecord | undefined> {
  const rows = await db
    .select({ order: orders, shipToName: shipTos.name })
    .from(orders)
    .innerJoin(userShipTos, and(eq(userShipTos.userId, orders.userId), eq(userShipTos.shipToCode, orders.shipToCode)))
    .innerJoin(shipToRanges, and(eq(shipToRanges.shipToCode, orders.shipToCode), eq(shipToRanges.range, orders.range)))
    .innerJoin(shipTos, eq(shipTos.code, orders.shipToCode))
    .where(and(eq(orders.code, code), eq(orders.userId, userId)))
    .limit(1);
  const row = rows[0];
  return row && withLines(db, row.order, row.shipToName);
}

/** The order a user placed with an idempotency key, and the code of the cart it came from. */
export async function findOrderByKey(db: DbOrTx, userId: number, key: string): Promise<{ order: OrderRow; cartCode: string } | undefined> {
  const rows = await db
    .select({ order: orders, cartCode: carts.code })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.sourceCartId))
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return rows[0];
}

export async function findOrderByCart(db: DbOrTx, cartId: number): Promise<OrderRow | undefined> {
  const rows = await db.select().from(orders).where(eq(orders.sourceCartId, cartId)).limit(1);
  return rows[0];
}

export interface HistoryPage {
  orders: OrderRecord[];
  totalResults: number;
}

/** One page of a user's orders for a ship-to and range, newest first (orders_history_idx). */
export async function orderHistory(db: DbOrTx, userId: number, scope: ShipToScope, page: number, pageSize: number): Promise<HistoryPage> {
  const where = and(eq(orders.userId, userId), eq(orders.shipToCode, scope.shipToCode), eq(orders.range, scope.range));
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(pageSize)
      .offset(page * pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const lines = await orderLinesOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    orders: rows.map((order) => ({ order, shipToName: scope.shipToName, lines: lines.get(order.id) ?? [] })),
    totalResults: Number(totals[0]?.n ?? 0),
  };
}
