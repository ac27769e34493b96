import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { fillActiveCart, shopper, type Shopper } from './cart-helpers';
import type { TestServer } from './test-server';

export interface PlacedOrder {
  code: string;
  status: string;
  entries: { entryNumber: number; quantity: number; deliveredQuantity: number | null; product: { code: string; name: string } }[];
  statusChanges: { status: string; note: string | null; changedAt: string }[];
}

/** Places an order through the real API: a fresh cart with `quantities` of the range's first sellable products. */
export async function placeTestOrder(server: TestServer, who: Shopper, quantities: number[] = [3, 2], details: Record<string, string> = {}): Promise<PlacedOrder> {
  await fillActiveCart(server, who, quantities);
  const dates = (await who.call('GET', '/users/current/deliverydates')).body.deliveryDates as { date: string }[];
  const put = await who.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: dates[0]?.date, ...details } });
  assert.equal(put.status, 200, JSON.stringify(put.body));
  const placed = await who.call('POST', '/users/current/orders?cartId=active', { headers: { 'idempotency-key': randomUUID() } });
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  return placed.body as unknown as PlacedOrder;
}

export { shopper };

/** Polls `check` until it answers a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
