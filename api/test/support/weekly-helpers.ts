import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { userShipTos, users } from '../../src/db/schema';
import type { Shopper } from './cart-helpers';
import type { TestServer } from './test-server';

/** Places an order of `lines` from the shopper's current cart for the first orderable delivery date; its code. */
export async function placeOrderOf(who: Shopper, lines: { code: string; quantity: number }[]): Promise<string> {
  await who.call('DELETE', '/users/current/carts/active');
  for (const line of lines) {
    const added = await who.call('POST', '/users/current/carts/active/entries', { body: { product: { code: line.code }, quantity: line.quantity } });
    assert.equal(added.status, 200, JSON.stringify(added.body));
  }
  const dates = (await who.call('GET', '/users/current/deliverydates')).body.deliveryDates as { date: string }[];
  await who.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: dates[0]?.date, purchaseOrderNumber: 'PO-1' } });
  const order = await who.call('POST', '/users/current/orders?cartId=active', { headers: { 'idempotency-key': randomUUID() } });
  assert.equal(order.status, 201, JSON.stringify(order.body));
  return order.body.code as string;
}

/** A second user of a ship-to (a colleague in the same kitchen), signing in with the demo password. */
export async function colleagueOf(server: TestServer, template: string, username: string, shipTos: string[]): Promise<void> {
  const db = server.database.db;
  const [source] = await db.select().from(users).where(eq(users.username, template));
  assert.ok(source);
  const [created] = await db
    .insert(users)
    .values({ username, customerId: `C-${randomUUID().slice(0, 8)}`, name: 'Colleague', email: username, passwordHash: source.passwordHash })
    .returning({ id: users.id });
  assert.ok(created);
  await db.insert(userShipTos).values(shipTos.map((shipToCode, position) => ({ userId: created.id, shipToCode, position })));
}
