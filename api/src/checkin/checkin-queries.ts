import { and, asc, desc, eq, gte, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { checkinLines, checkinPhotos, creditRequestLines, creditRequests, orderCheckins, orderLines, orders, orderStatusChanges, shipToRanges, shipTos, users, userShipTos } from '../db/schema';
import type { OrderRow } from '../orders/order-queries';
import type { DeliveredLine } from './checkin-rules';

export interface CheckinOrder {
  order: OrderRow;
  shipToName: string;
}

/**
 * An order of a ship-to (and range) the user holds, whoever of its users placed it: whoever takes the delivery
 * at the door may check it in. Anything else is answered exactly like an order that does not exist. `lock`
 * takes the order's row lock, so two check-ins or photo uploads of one order never interleave.
 */
export async function findShipToOrder(db: DbOrTx, userId: number, code: string, lock = false): Promise<CheckinOrder | undefined> {
  const query = db
    .select({ order: orders, shipToName: shipTos.name })
    .from(orders)
    .innerJoin(userShipTos, and(eq(userShipTos.userId, userId), eq(userShipTos.shipToCode, orders.shipToCode)))
    .innerJoin(shipToRanges, and(eq(shipToRanges.shipToCode, orders.shipToCode), eq(shipToRanges.range, orders.range)))
    .innerJoin(shipTos, eq(shipTos.code, orders.shipToCode))
    .where(eq(orders.code, code))
    .limit(1);
  const rows = lock ? await query.for('update', { of: orders }) : await query;
  return rows[0];
}

/** When the order last became delivered (the check-in window counts from then); null if it never did. */
export async function deliveredAt(db: DbOrTx, orderId: number): Promise<Date | null> {
  const rows = await db
    .select({ at: orderStatusChanges.changedAt })
    .from(orderStatusChanges)
    .where(and(eq(orderStatusChanges.orderId, orderId), eq(orderStatusChanges.toStatus, 'delivered')))
    .orderBy(desc(orderStatusChanges.id))
    .limit(1);
  return rows[0]?.at ?? null;
}

/** The order's lines as delivered: a line the warehouse did not report went in full; a substituted one is its substitute. */
export async function deliveredLines(db: DbOrTx, orderId: number): Promise<DeliveredLine[]> {
  const rows = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.lineNumber));
  return rows.map((line) => {
    const sent = line.substitution;
    // A substituted line is checked, and credited, as the product the warehouse sent (docs/substitutions.md).
    if (sent) {
      return { entryNumber: line.lineNumber, productCode: sent.productCode, name: sent.name, quantity: sent.quantity, deliveredQuantity: sent.quantity, unitPricePence: sent.unitPricePence, vatRateBp: sent.vatRateBp };
    }
    return {
      entryNumber: line.lineNumber,
      productCode: line.productCode,
      name: line.name,
      quantity: line.quantity,
      deliveredQuantity: line.deliveredQuantity ?? line.quantity,
      unitPricePence: line.unitPricePence,
      vatRateBp: line.vatRateBp,
    };
  });
}

export async function findCheckin(db: DbOrTx, orderId: number) {
  const [checkin] = await db
    .select({ checkedInAt: orderCheckins.checkedInAt, by: users.name })
    .from(orderCheckins)
    .innerJoin(users, eq(users.id, orderCheckins.userId))
    .where(eq(orderCheckins.orderId, orderId));
  if (!checkin) return undefined;
  const lines = await db.select().from(checkinLines).where(eq(checkinLines.orderId, orderId)).orderBy(asc(checkinLines.lineNumber));
  return { ...checkin, lines };
}

export async function orderPhotos(db: DbOrTx, orderId: number): Promise<{ id: number; entryNumber: number | null }[]> {
  return db.select({ id: checkinPhotos.id, entryNumber: checkinPhotos.lineNumber }).from(checkinPhotos).where(eq(checkinPhotos.orderId, orderId)).orderBy(asc(checkinPhotos.id));
}

/** Delivered orders of the user's ship-tos (and ranges) not checked in, delivered on or after `since`: newest first. */
export async function uncheckedDeliveries(db: DbOrTx, userId: number, since: string): Promise<CheckinOrder[]> {
  return db
    .select({ order: orders, shipToName: shipTos.name })
    .from(orders)
    .innerJoin(userShipTos, and(eq(userShipTos.userId, userId), eq(userShipTos.shipToCode, orders.shipToCode)))
    .innerJoin(shipToRanges, and(eq(shipToRanges.shipToCode, orders.shipToCode), eq(shipToRanges.range, orders.range)))
    .innerJoin(shipTos, eq(shipTos.code, orders.shipToCode))
    .leftJoin(orderCheckins, eq(orderCheckins.orderId, orders.id))
    .where(and(eq(orders.status, 'delivered'), gte(orders.deliveryDate, since), isNull(orderCheckins.orderId)))
    .orderBy(desc(orders.deliveryDate), desc(orders.id))
    .limit(50);
}

export async function findPhoto(db: DbOrTx, orderId: number, id: number) {
  const [photo] = await db
    .select({ contentType: checkinPhotos.contentType, bytes: checkinPhotos.bytes })
    .from(checkinPhotos)
    .where(and(eq(checkinPhotos.orderId, orderId), eq(checkinPhotos.id, id)));
  return photo;
}

export async function creditRequestOf(db: DbOrTx, orderId: number) {
  const [request] = await db.select().from(creditRequests).where(eq(creditRequests.orderId, orderId));
  if (!request) return undefined;
  const lines = await db.select().from(creditRequestLines).where(eq(creditRequestLines.creditRequestId, request.id)).orderBy(asc(creditRequestLines.lineNumber));
  return { request, lines };
}

export async function userName(db: DbOrTx, userId: number): Promise<{ userId: number; name: string; email: string }> {
  const [user] = await db.select({ userId: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`user ${userId} of an order is missing`);
  return user;
}
