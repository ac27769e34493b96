import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Range } from '../accounts/ship-tos';
import type { DbOrTx } from '../db/client';
import { addDays } from '../time/calendar-date';
import { londonInstant } from '../time/london-time';
import { orders, shipTos, users } from '../db/schema';
import { orderLinesOf, placingOperatorName, type OrderRecord } from './order-queries';

/** Which orders an operator looks for: any ship-to, range and day placed (Europe/London days, as the shop's). */
export interface OrderFilter {
  shipTo?: string;
  range?: Range;
  /** ISO dates (placed on or after / on or before). */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

export interface FoundOrder extends OrderRecord {
  placedBy: string;
}

function conditions(filter: OrderFilter): SQL | undefined {
  return and(
    filter.shipTo ? eq(orders.shipToCode, filter.shipTo) : undefined,
    filter.range ? eq(orders.range, filter.range) : undefined,
    filter.from ? gte(orders.placedAt, londonInstant(filter.from, '00:00')) : undefined,
    filter.to ? lt(orders.placedAt, londonInstant(addDays(filter.to, 1), '00:00')) : undefined,
  );
}

/**
 * Orders across every customer for the back office, newest first, each with its snapshot lines (the same
 * records and view the customer's order history uses). One page plus one row tells whether more follow.
 */
export async function searchOrders(db: DbOrTx, filter: OrderFilter): Promise<{ orders: FoundOrder[]; hasMore: boolean }> {
  const rows = await db
    .select({ order: orders, shipToName: shipTos.name, cutoffTime: shipTos.cutoffTime, placedBy: users.username, placedByOperator: placingOperatorName })
    .from(orders)
    .innerJoin(shipTos, eq(shipTos.code, orders.shipToCode))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(conditions(filter))
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(filter.pageSize + 1)
    .offset(filter.page * filter.pageSize);
  const page = rows.slice(0, filter.pageSize);
  const lines = await orderLinesOf(db, page.map((row) => row.order.id));
  return {
    orders: page.map((row) => ({ order: row.order, shipToName: row.shipToName, cutoffTime: row.cutoffTime, placedBy: row.placedBy, placedByOperator: row.placedByOperator, lines: lines.get(row.order.id) ?? [] })),
    hasMore: rows.length > filter.pageSize,
  };
}

/** Any order by its code, whoever placed it: for operators, never for customers (they use findOwnedOrder). */
export async function findOrderForOperator(db: DbOrTx, code: string): Promise<FoundOrder | undefined> {
  const rows = await db
    .select({ order: orders, shipToName: shipTos.name, cutoffTime: shipTos.cutoffTime, placedBy: users.username, placedByOperator: placingOperatorName })
    .from(orders)
    .innerJoin(shipTos, eq(shipTos.code, orders.shipToCode))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.code, code))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  const lines = (await orderLinesOf(db, [row.order.id])).get(row.order.id) ?? [];
  return { ...row, lines };
}
