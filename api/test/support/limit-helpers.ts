import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { outboxMessages } from '../../src/db/schema';
import { fillActiveCart, type Json, type Shopper } from './cart-helpers';
import { setClock } from './test-clock';
import type { TestServer } from './test-server';

/** Harbour Café – Quayside and Old Town (sold-to 0000100001), as multi@example.com orders for them. */
export const QUAYSIDE = { username: 'multi@example.com', shipTo: '0000410002', salesOrg: 'DAIR' } as const;
export const OLD_TOWN = { username: 'multi@example.com', shipTo: '0000410003', salesOrg: 'DAIR' } as const;
export const HARBOUR = '0000100001';

export interface ApprovalReasonBody {
  limit: string;
  type: string;
  threshold: number;
  periodRange: string | null;
  shipTo: string | null;
  user: string | null;
  amount: number;
  period: { from: string; to: string } | null;
}

export interface HeldOrderBody {
  code: string;
  status: string;
  deliveryDate: string;
  cutoff: string;
  subTotal: { valuePence: number };
  approval: { reasons: ApprovalReasonBody[]; decisions: unknown[]; deadline: string } | null;
}

/** A fresh active cart of the range's first products for `deliveryDate`, with the clock at `at`; answers its net total. */
export async function cartFor(server: TestServer, who: Shopper, { at, deliveryDate, quantities = [3, 2] }: { at: string; deliveryDate: string; quantities?: number[] }): Promise<number> {
  await setClock(server, at);
  await fillActiveCart(server, who, quantities);
  const put = await who.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: deliveryDate } });
  assert.equal(put.status, 200, JSON.stringify(put.body));
  return (put.body as { subTotal: { valuePence: number } }).subTotal.valuePence;
}

export const checkout = (who: Shopper): Promise<Json> => who.call('POST', '/users/current/orders?cartId=active', { headers: { 'idempotency-key': randomUUID() } });

export async function checkedOut(who: Shopper): Promise<HeldOrderBody> {
  const placed = await checkout(who);
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  return placed.body as unknown as HeldOrderBody;
}

/** The outbox events written for an order, by type, oldest first. */
export async function eventTypesOf(server: TestServer, code: string): Promise<string[]> {
  const rows = await server.database.db.select({ type: outboxMessages.type, channel: outboxMessages.channel }).from(outboxMessages).where(eq(outboxMessages.orderingKey, code)).orderBy(asc(outboxMessages.id));
  return rows.filter((row) => row.channel === 'webhook').map((row) => row.type);
}
