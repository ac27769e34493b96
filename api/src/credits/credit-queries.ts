import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { checkinLines, checkinPhotos, creditRequestLines, creditRequests, orderLines, orders, shipTos, users, userShipTos } from '../db/schema';
import type { CreditStatus } from './credit-status';

/** A credit request's row with what every view of it names: its order, ship-to and who asked. */
export interface CreditRequestRecord {
  request: typeof creditRequests.$inferSelect;
  orderCode: string;
  shipToName: string;
  requestedBy: { userId: number; name: string; email: string };
  /** Who placed the order: the decision's e-mail goes to them, as the request's did. */
  buyer: { userId: number; name: string; email: string };
}

/** One credited line: the order line it credits and what the check-in said of it. */
export interface CreditLineRecord {
  lineNumber: number;
  productCode: string;
  name: string;
  packSize: string;
  orderedQuantity: number;
  deliveredQuantity: number | null;
  receivedQuantity: number | null;
  damagedQuantity: number | null;
  quantity: number;
  reason: string;
  note: string | null;
  unitPricePence: number;
  netPence: number;
  vatPence: number;
  vatRateBp: number;
  /** What the decision credited of the line; null before it, or when it named only an amount. */
  creditedQuantity: number | null;
  creditedPence: number | null;
}

export interface CreditPhotoRecord {
  id: number;
  contentType: string;
  width: number;
  height: number;
}

const buyers = alias(users, 'buyer');

const recordColumns = {
  request: creditRequests,
  orderCode: orders.code,
  shipToName: shipTos.name,
  requestedBy: { userId: users.id, name: users.name, email: users.email },
  buyer: { userId: buyers.id, name: buyers.name, email: buyers.email },
};

function recordQuery(db: DbOrTx) {
  return db
    .select(recordColumns)
    .from(creditRequests)
    .innerJoin(orders, eq(orders.id, creditRequests.orderId))
    .innerJoin(shipTos, eq(shipTos.code, creditRequests.shipToCode))
    .innerJoin(users, eq(users.id, creditRequests.userId))
    .innerJoin(buyers, eq(buyers.id, orders.userId));
}

/** The user's ship-tos' credit requests, newest first; `status` narrows them. */
export async function userCreditRequests(db: DbOrTx, userId: number, filter: { status?: CreditStatus; limit: number }): Promise<CreditRequestRecord[]> {
  const where: SQL[] = [eq(userShipTos.userId, userId)];
  if (filter.status) where.push(eq(creditRequests.status, filter.status));
  return recordQuery(db)
    .innerJoin(userShipTos, eq(userShipTos.shipToCode, creditRequests.shipToCode))
    .where(and(...where))
    .orderBy(desc(creditRequests.createdAt), desc(creditRequests.id))
    .limit(filter.limit);
}

/** One credit request by code, only when it is of one of the user's ship-tos: anything else is missing. */
export async function userCreditRequest(db: DbOrTx, userId: number, code: string): Promise<CreditRequestRecord | undefined> {
  const rows = await recordQuery(db)
    .innerJoin(userShipTos, and(eq(userShipTos.shipToCode, creditRequests.shipToCode), eq(userShipTos.userId, userId)))
    .where(eq(creditRequests.code, code))
    .limit(1);
  return rows[0];
}

/** Every credit request for the back office, newest first (undecided first when asked for all). */
export async function allCreditRequests(db: DbOrTx, filter: { status?: CreditStatus; shipTo?: string; limit: number; offset: number }): Promise<CreditRequestRecord[]> {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(creditRequests.status, filter.status));
  if (filter.shipTo) where.push(eq(creditRequests.shipToCode, filter.shipTo));
  return recordQuery(db)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(creditRequests.createdAt), desc(creditRequests.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

export async function creditRequestByCode(db: DbOrTx, code: string): Promise<CreditRequestRecord | undefined> {
  const rows = await recordQuery(db).where(eq(creditRequests.code, code)).limit(1);
  return rows[0];
}

/** The credited lines of these requests, by request id, in order-line order. */
/** A credited line is of what was sent: the substitute's field where the line was substituted (docs/substitutions.md). */
const sent = (key: 'productCode' | 'name' | 'packSize', column: typeof orderLines.productCode | typeof orderLines.name | typeof orderLines.packSize) =>
  sql<string>`coalesce(${orderLines.substitution}->>${key}::text, ${column})`;

export async function creditLinesOf(db: DbOrTx, requestIds: number[]): Promise<Map<number, CreditLineRecord[]>> {
  const byRequest = new Map<number, CreditLineRecord[]>(requestIds.map((id) => [id, []]));
  if (requestIds.length === 0) return byRequest;
  const rows = await db
    .select({
      creditRequestId: creditRequestLines.creditRequestId,
      lineNumber: creditRequestLines.lineNumber,
      productCode: sent('productCode', orderLines.productCode),
      name: sent('name', orderLines.name),
      packSize: sent('packSize', orderLines.packSize),
      orderedQuantity: orderLines.quantity,
      deliveredQuantity: orderLines.deliveredQuantity,
      receivedQuantity: checkinLines.receivedQuantity,
      damagedQuantity: checkinLines.damagedQuantity,
      quantity: creditRequestLines.quantity,
      reason: creditRequestLines.reason,
      note: checkinLines.note,
      unitPricePence: sql<number>`coalesce((${orderLines.substitution}->>'unitPricePence')::int, ${orderLines.unitPricePence})`.mapWith(Number),
      netPence: creditRequestLines.netPence,
      vatPence: creditRequestLines.vatPence,
      vatRateBp: sql<number>`coalesce((${orderLines.substitution}->>'vatRateBp')::int, ${orderLines.vatRateBp})`.mapWith(Number),
      creditedQuantity: creditRequestLines.creditedQuantity,
      creditedPence: creditRequestLines.creditedPence,
    })
    .from(creditRequestLines)
    .innerJoin(creditRequests, eq(creditRequests.id, creditRequestLines.creditRequestId))
    .innerJoin(orderLines, and(eq(orderLines.orderId, creditRequests.orderId), eq(orderLines.lineNumber, creditRequestLines.lineNumber)))
    .leftJoin(checkinLines, and(eq(checkinLines.orderId, creditRequests.orderId), eq(checkinLines.lineNumber, creditRequestLines.lineNumber)))
    .where(inArray(creditRequestLines.creditRequestId, requestIds))
    .orderBy(asc(creditRequestLines.creditRequestId), asc(creditRequestLines.lineNumber));
  for (const { creditRequestId, ...line } of rows) byRequest.get(creditRequestId)?.push(line);
  return byRequest;
}

/** The check-in photos of a credit request's order (never their bytes). */
export async function photosOfOrder(db: DbOrTx, orderId: number): Promise<CreditPhotoRecord[]> {
  return db
    .select({ id: checkinPhotos.id, contentType: checkinPhotos.contentType, width: checkinPhotos.width, height: checkinPhotos.height })
    .from(checkinPhotos)
    .where(eq(checkinPhotos.orderId, orderId))
    .orderBy(asc(checkinPhotos.id));
}

/** One photo of a credit request's order, with its bytes; a photo of another order is missing. */
export async function photoOfCreditRequest(db: DbOrTx, code: string, photoId: number): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const rows = await db
    .select({ contentType: checkinPhotos.contentType, bytes: checkinPhotos.bytes })
    .from(checkinPhotos)
    .innerJoin(creditRequests, eq(creditRequests.orderId, checkinPhotos.orderId))
    .where(and(eq(creditRequests.code, code), eq(checkinPhotos.id, photoId)))
    .limit(1);
  return rows[0];
}
