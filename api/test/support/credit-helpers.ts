import assert from 'node:assert/strict';
import { and, asc, eq, sql } from 'drizzle-orm';
import { checkinLines, checkinPhotos, creditRequestLines, creditRequests, orderCheckins, orderLines, orders } from '../../src/db/schema';
import { lineAmounts, sumTotals } from '../../src/pricing/money';
import type { Shopper } from './cart-helpers';
import { ERP_CLIENT, EXPORT_ONLY_CLIENT, reportStatus } from './integration-client';
import { placeTestOrder, type PlacedOrder } from './order-helpers';
import { ON_DEMAND_OUTBOX } from './outbox-helpers';
import type { TestServer } from './test-server';

/** The ERP's finance feed: invoices, payments and credit decisions (scope invoices:write). */
export const FINANCE_CLIENT = { id: 'erp-finance', secret: 'erp-finance-secret-0123456789abc', scopes: ['invoices:write'] };

/** Status reports, exports and the finance feed, each a client of its own; ERP_CLIENT has no invoices:write. */
const creditsEnv = () => ({ INTEGRATION_CLIENTS: JSON.stringify([ERP_CLIENT, EXPORT_ONLY_CLIENT, FINANCE_CLIENT]) });

/** creditsEnv with mail to an SMTP sink at `smtpUrl`, delivered on demand (outbox-helpers dispatch). */
export const creditsMailEnv = (smtpUrl: string) => ({
  SMTP_URL: smtpUrl,
  MAIL_FROM: 'Meadowvale Foods <orders@meadowvale.example>',
  SHOP_URL: 'https://shop.meadowvale.example',
  ...ON_DEMAND_OUTBOX,
  ...creditsEnv(),
});

/** An 8×6 JPEG, as the check-in stores photos after re-encoding them. */
export const TINY_JPEG = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCcAMVL/9k=',
  'base64',
);

/** Places an order and reports it through to delivered as the ERP would; `delivered` per line (default: all). */
export async function deliveredOrder(server: TestServer, erpToken: string, who: Shopper, quantities: number[] = [3, 2], delivered?: number[]): Promise<PlacedOrder> {
  const order = await placeTestOrder(server, who, quantities);
  for (const status of ['confirmed', 'picking']) assert.equal((await reportStatus(server, erpToken, order.code, { status })).status, 200);
  const lines = (delivered ?? quantities).map((deliveredQuantity, entryNumber) => ({ entryNumber, deliveredQuantity }));
  assert.equal((await reportStatus(server, erpToken, order.code, { status: 'dispatched', lines })).status, 200);
  assert.equal((await reportStatus(server, erpToken, order.code, { status: 'delivered' })).status, 200);
  return order;
}

export interface CheckinLineInput {
  entryNumber: number;
  receivedQuantity: number;
  damagedQuantity?: number;
  reason: string;
  note?: string;
}

export interface InsertedCreditRequest {
  code: string;
  orderCode: string;
  netPence: number;
  vatPence: number;
  grossPence: number;
  photoIds: number[];
}

/**
 * Until the check-in makes them (H1's credit-request-writer), a credit request as it would: the check-in and its
 * lines, `photos` photos, and the request priced from the order's lines (credited = (delivered − received) +
 * damaged, at the line's unit price and VAT rate), written straight into the tables.
 */
export async function insertCreditRequest(server: TestServer, orderCode: string, lines: CheckinLineInput[], photos = 0): Promise<InsertedCreditRequest> {
  const { db } = server.database;
  const [order] = await db.select().from(orders).where(eq(orders.code, orderCode));
  assert.ok(order, `order ${orderCode}`);
  const orderRows = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.lineNumber));
  return db.transaction(async (tx) => {
    await tx.insert(orderCheckins).values({ orderId: order.id, userId: order.userId });
    const credited = lines.map((line) => {
      const row = orderRows.find((candidate) => candidate.lineNumber === line.entryNumber);
      assert.ok(row, `entry ${line.entryNumber}`);
      const delivered = row.deliveredQuantity ?? row.quantity;
      const quantity = delivered - line.receivedQuantity + (line.damagedQuantity ?? 0);
      return { line, quantity, ...lineAmounts(row.unitPricePence, quantity, row.vatRateBp) };
    });
    for (const { line } of credited) {
      await tx.insert(checkinLines).values({
        orderId: order.id,
        lineNumber: line.entryNumber,
        receivedQuantity: line.receivedQuantity,
        damagedQuantity: line.damagedQuantity ?? 0,
        reason: line.reason,
        note: line.note ?? null,
      });
    }
    const totals = sumTotals(credited);
    const [request] = await tx
      .insert(creditRequests)
      .values({
        code: sql`'CR-' || lpad(nextval('credit_request_number_seq')::text, 6, '0')`,
        orderId: order.id,
        userId: order.userId,
        shipToCode: order.shipToCode,
        soldToCode: order.soldToCode,
        ...totals,
      })
      .returning({ id: creditRequests.id, code: creditRequests.code });
    assert.ok(request);
    const code = request.code;
    for (const { line, quantity, netPence, vatPence } of credited) {
      await tx.insert(creditRequestLines).values({ creditRequestId: request.id, lineNumber: line.entryNumber, quantity, reason: line.reason, netPence, vatPence });
    }
    const photoIds: number[] = [];
    for (let index = 0; index < photos; index++) {
      const [photo] = await tx.insert(checkinPhotos).values({ orderId: order.id, userId: order.userId, contentType: 'image/jpeg', width: 8, height: 6, bytes: TINY_JPEG }).returning({ id: checkinPhotos.id });
      if (photo) photoIds.push(photo.id);
    }
    return { code, orderCode, ...totals, photoIds };
  });
}

/** POST /admin/v1/creditrequests/{code}/status with a bearer token (the ERP's or an operator's). */
export async function decideCredit(server: TestServer, token: string, code: string, body: unknown) {
  const response = await server.request(`/admin/v1/creditrequests/${encodeURIComponent(code)}/status`, { method: 'POST', token, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & { errors?: { type: string; message: string; subject?: string }[] } };
}

/** The stored status of a credit request, straight from the table. */
export async function storedCredit(server: TestServer, code: string) {
  const [row] = await server.database.db.select().from(creditRequests).where(and(eq(creditRequests.code, code)));
  return row;
}
