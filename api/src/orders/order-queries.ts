import type { WaitingFor } from '../spending-limits/approvers';
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { ShipToScope } from '../accounts/ship-tos';
import type { Db, DbOrTx } from '../db/client';
import { jsonObject } from '../db/json-object';
import { approvalDecisions, carts, creditHolds, operators, orderCounts, orderLines, orders, orderStatusChanges, products, shipToRanges, shipTos, soldTos, users, userShipTos } from '../db/schema';
import { foodMarkColumns, type FoodMarkRow } from '../food-info/food-marks';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/** A status change as the customer sees it: the new status, when, and the note that came with it. */
export interface StatusChangeRow {
  status: string;
  note: string | null;
  changedAt: string;
}

/** A decision on a held order (docs/approvals.md "Held orders"): by the user's or operator's name, null for the system. */
export interface DecisionRow {
  decision: string;
  comment: string | null;
  by: string | null;
  at: string;
}

export interface OrderRecord {
  order: OrderRow;
  shipToName: string;
  /** The ship-to's cut-off time ('HH:MM', London): with the delivery date it says until when the order can change. */
  cutoffTime: string;
  /**
   * The snapshot lines; the readers customers' answers come from (orderLinesOf, linesOfOrder) add each
   * product's food marks as they are today, which a snapshot does not keep.
   */
  lines: (OrderLineRow & Partial<FoodMarkRow>)[];
  /** Oldest first; absent where the reader did not load them (a freshly placed order has none). */
  changes?: StatusChangeRow[];
  /** Oldest first; absent where the reader did not load them (a freshly placed order has none). */
  decisions?: DecisionRow[];
  /** Why it waits for credit, or waited and was rejected or expired (docs/credit-control.md); absent otherwise. */
  creditHold?: CreditHoldRow;
  /** Where it goes and who pays: loaded for the order page and its print only (orderAddresses). */
  addresses?: OrderAddresses;
  /** Who a held order waits for: loaded for the order page only (spending-limits/approvers.ts waitingFor). */
  waitingFor?: WaitingFor | null;
  /** The operator who placed it acting for the customer (docs/assisted-service.md), null when the customer did. */
  placedByOperator?: { name: string } | null;
}

/** The name of the operator who placed an order for its customer, read with the order. */
export const placingOperatorName = sql<{ name: string } | null>`(select json_build_object('name', ${operators.name}) from ${operators} where ${operators.id} = ${orders.placedByOperatorId})`;

export interface OrderAddresses {
  delivery: { line1: string; town: string; postalCode: string };
  soldToName: string;
  /** Whether the ship-to needs a PO number on every order: the order's edit form says so. */
  purchaseOrderRequired: boolean;
}

/** The ship-to's delivery address and the sold-to's name, for the order page and its printout. */
export async function orderAddresses(db: DbOrTx, order: OrderRow): Promise<OrderAddresses | undefined> {
  const rows = await db
    .select({ line1: shipTos.addressLine1, town: shipTos.town, postalCode: shipTos.postcode, soldToName: soldTos.name, purchaseOrderRequired: shipTos.purchaseOrderRequired })
    .from(shipTos)
    .innerJoin(soldTos, eq(soldTos.code, order.soldToCode))
    .where(eq(shipTos.code, order.shipToCode))
    .limit(1);
  const row = rows[0];
  return row && { delivery: { line1: row.line1, town: row.town, postalCode: row.postalCode }, soldToName: row.soldToName, purchaseOrderRequired: row.purchaseOrderRequired };
}

// A product deleted since the order was placed has no marks left to show: empty lists, "not supplied".
const lineFoodMarks = { foodMarkBits: sql<number>`coalesce(${foodMarkColumns.foodMarkBits}, 0)`.mapWith(Number) };

export async function orderLinesOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, (OrderLineRow & FoodMarkRow)[]>> {
  const byOrder = new Map<number, (OrderLineRow & FoodMarkRow)[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ ...getTableColumns(orderLines), ...lineFoodMarks })
    .from(orderLines)
    .leftJoin(products, eq(products.code, orderLines.productCode))
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.lineNumber));
  for (const row of rows) byOrder.get(row.orderId)?.push(row);
  return byOrder;
}

/**
 * An order's approval decisions as one JSON array, oldest first, each with the name of who decided. Written
 * with its own aliases and the outer `orders` named in full, so it reads the same alone or beside a join.
 */
export const decisionsOfOrder = sql<DecisionRow[]>`(
  select coalesce(json_agg(json_build_object('decision', d.decision, 'comment', d.comment, 'by', coalesce(u.name, op.name),
    'at', to_char(d.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by d.id), '[]'::json)
  from ${approvalDecisions} d
  left join ${users} u on u.id = d.user_id
  left join ${operators} op on op.id = d.operator_id
  where d.order_id = "orders"."id")`;

export interface CreditHoldRow {
  message: string;
  decision: string | null;
  comment: string | null;
}

/** The statuses at which a credit hold is news to the buyer, with the decision that ended it there. */
const CREDIT_HOLD_ENDS: Partial<Record<OrderRow['status'], string | null>> = { awaitingCredit: null, rejected: 'REJECT', expired: 'EXPIRE' };

export async function creditHoldOf(db: DbOrTx, order: OrderRow): Promise<CreditHoldRow | undefined> {
  const ending = CREDIT_HOLD_ENDS[order.status];
  if (ending === undefined) return undefined;
  const [hold] = await db.select({ message: creditHolds.message, decision: creditHolds.decision, comment: creditHolds.comment }).from(creditHolds).where(eq(creditHolds.orderId, order.id));
  // Rejected or expired waiting for approval, not for credit: no credit news.
  return hold?.decision === ending ? hold : undefined;
}

async function withLines(db: DbOrTx, order: OrderRow, shipToName: string, cutoffTime: string): Promise<OrderRecord> {
  const lines = (await orderLinesOf(db, [order.id])).get(order.id) ?? [];
  const changes = await db
    .select({ status: orderStatusChanges.toStatus, note: orderStatusChanges.note, changedAt: orderStatusChanges.changedAt })
    .from(orderStatusChanges)
    .where(eq(orderStatusChanges.orderId, order.id))
    .orderBy(asc(orderStatusChanges.id));
  // Only an order that was ever held has decisions (its approval reasons are set then): checkout's other
  // orders skip the round trip.
  const [held] = order.approvalReasons === null ? [] : await db.select({ decisions: decisionsOfOrder }).from(orders).where(eq(orders.id, order.id));
  const creditHold = await creditHoldOf(db, order);
  return {
    order,
    shipToName,
    cutoffTime,
    lines,
    changes: changes.map((change) => ({ ...change, changedAt: change.changedAt.toISOString() })),
    decisions: held?.decisions ?? [],
    ...(creditHold ? { creditHold } : {}),
  };
}

/**
 * The caller's order by its code, only while they still hold its ship-to and range: anything else is
 * answered exactly like an order that does not exist.
 */
export async function findOwnedOrder(db: DbOrTx, userId: number, code: string): Promise<OrderRecord | undefined> {
  const rows = await db
    .select({ order: orders, shipToName: shipTos.name, cutoffTime: shipTos.cutoffTime, placedByOperator: placingOperatorName })
    .from(orders)
    .innerJoin(userShipTos, and(eq(userShipTos.userId, orders.userId), eq(userShipTos.shipToCode, orders.shipToCode)))
    .innerJoin(shipToRanges, and(eq(shipToRanges.shipToCode, orders.shipToCode), eq(shipToRanges.range, orders.range)))
    .innerJoin(shipTos, eq(shipTos.code, orders.shipToCode))
    .where(and(eq(orders.code, code), eq(orders.userId, userId)))
    .limit(1);
  const row = rows[0];
  return row && { ...(await withLines(db, row.order, row.shipToName, row.cutoffTime)), placedByOperator: row.placedByOperator };
}

/**
 * An order of a ship-to (and range) the caller holds, whoever of that ship-to's users placed it, with the
 * placer's name: what the order page and its invoices show (docs/ordering-rules.md "Who sees an order").
 * Changing it stays with the placer (findOwnedOrder).
 */
export async function findShipToOrder(db: DbOrTx, userId: number, code: string): Promise<(OrderRecord & { placedBy: { userId: number; name: string } }) | undefined> {
  const rows = await db
    .select({ order: orders, shipToName: shipTos.name, cutoffTime: shipTos.cutoffTime, placedByName: users.name, placedByOperator: placingOperatorName })
    .from(orders)
    .innerJoin(userShipTos, and(eq(userShipTos.userId, userId), eq(userShipTos.shipToCode, orders.shipToCode)))
    .innerJoin(shipToRanges, and(eq(shipToRanges.shipToCode, orders.shipToCode), eq(shipToRanges.range, orders.range)))
    .innerJoin(shipTos, eq(shipTos.code, orders.shipToCode))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.code, code))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  const record = await withLines(db, row.order, row.shipToName, row.cutoffTime);
  return { ...record, placedBy: { userId: row.order.userId, name: row.placedByName }, placedByOperator: row.placedByOperator };
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

/** An order's snapshot lines as one JSON array in line order, with their products' food marks. */
export const linesOfOrder = sql<(OrderLineRow & FoodMarkRow)[]>`(
  select coalesce(json_agg(${jsonObject({ ...getTableColumns(orderLines), ...lineFoodMarks })} order by ${orderLines.lineNumber}), '[]'::json)
  from ${orderLines} left join ${products} on ${products.code} = ${orderLines.productCode} where ${orderLines.orderId} = ${orders.id})`;

/** An order's status changes as one JSON array, oldest first. */
export const changesOfOrder = sql<StatusChangeRow[]>`(
  select coalesce(json_agg(json_build_object('status', ${orderStatusChanges.toStatus}, 'note', ${orderStatusChanges.note},
    'changedAt', to_char(${orderStatusChanges.changedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by ${orderStatusChanges.id}), '[]'::json)
  from ${orderStatusChanges} where ${orderStatusChanges.orderId} = ${orders.id})`;

const ownerIs = and(
  eq(orders.userId, sql.placeholder('userId')),
  eq(orders.shipToCode, sql.placeholder('shipTo')),
  eq(orders.range, sql.placeholder('range')),
);

export type OrderHistoryReader = (userId: number, scope: ShipToScope, page: number, pageSize: number) => Promise<HistoryPage>;

/**
 * One page of a user's orders for a ship-to and range, newest first (orders_history_idx), each with its
 * lines, in one prepared statement; the total comes from order_counts, which a trigger keeps, so a long
 * history is never counted per page.
 */
export function orderHistoryReader(db: Db): OrderHistoryReader {
  // The page's ids first, straight off orders_history_idx; lines are then built for those rows only, not
  // for every row the offset skips.
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(ownerIs)
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  const ownerCount = and(
    eq(orderCounts.userId, sql.placeholder('userId')),
    eq(orderCounts.shipToCode, sql.placeholder('shipTo')),
    eq(orderCounts.range, sql.placeholder('range')),
  );
  const pageOfOrders = db
    .select({ order: orders, lines: linesOfOrder, changes: changesOfOrder, decisions: decisionsOfOrder, placedByOperator: placingOperatorName, total: sql<number>`(select ${orderCounts.placed} from ${orderCounts} where ${ownerCount})` })
    .from(pageIds)
    .innerJoin(orders, eq(orders.id, pageIds.id))
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .prepare('order_history_page');
  // Only needed for a page past the end, which has no row to carry the total.
  const countOfOrders = db.select({ placed: orderCounts.placed }).from(orderCounts).where(ownerCount).prepare('order_history_count');

  return async (userId, scope, page, pageSize) => {
    const owner = { userId, shipTo: scope.shipToCode, range: scope.range };
    const rows = await pageOfOrders.execute({ ...owner, limit: pageSize, offset: page * pageSize });
    const total = rows[0]?.total ?? (await countOfOrders.execute(owner))[0]?.placed ?? 0;
    return {
      orders: rows.map(({ order, lines, changes, decisions, placedByOperator }) => ({ order, shipToName: scope.shipToName, cutoffTime: scope.cutoffTime, lines, changes, decisions, placedByOperator })),
      totalResults: Number(total),
    };
  };
}
