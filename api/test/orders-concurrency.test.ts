import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { count, eq } from 'drizzle-orm';
import { carts, orders } from '../src/db/schema';
import { sellableProducts, shopper, SOLO, type Shopper } from './support/cart-helpers';
import { startTestServer, type TestServer } from './support/test-server';
import { onlyOnPostgres } from './support/engines';

describe('twenty simultaneous submissions of one cart make one order', { skip: onlyOnPostgres }, () => {
  let server: TestServer;
  let solo: Shopper;
  let codes: string[];
  before(async () => {
    server = await startTestServer();
    solo = await shopper(server, SOLO);
    codes = await sellableProducts(server, 'DAIR', 3);
  });
  after(() => server.close());

  const readyCart = async (code: string) => {
    await solo.call('DELETE', '/users/current/carts/active');
    const cart = (await solo.call('POST', '/users/current/carts')).body as { code: string };
    await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code }, quantity: 2 } });
    const dates = (await solo.call('GET', '/users/current/deliverydates')).body.deliveryDates as { date: string }[];
    await solo.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: dates[0]?.date } });
    return cart.code;
  };

  const ordersOf = async (cartCode: string) => {
    const [cart] = await server.database.db.select({ id: carts.id }).from(carts).where(eq(carts.code, cartCode));
    const [row] = await server.database.db.select({ n: count() }).from(orders).where(eq(orders.sourceCartId, cart?.id ?? -1));
    return Number(row?.n);
  };

  it('with the same key: every answer is 201 with the one order', async () => {
    const cartCode = await readyCart(codes[0] as string);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => solo.call('POST', `/users/current/orders?cartId=${cartCode}`, { headers: { 'idempotency-key': key } })),
    );
    assert.deepEqual(new Set(answers.map((a) => a.status)), new Set([201]));
    assert.equal(new Set(answers.map((a) => JSON.stringify(a.body))).size, 1);
    assert.equal(await ordersOf(cartCode), 1);
  });

  it('with different keys: one 201, every other answer 409 naming that order', async () => {
    const cartCode = await readyCart(codes[1] as string);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => solo.call('POST', `/users/current/orders?cartId=${cartCode}`, { headers: { 'idempotency-key': randomUUID() } })),
    );
    const placed = answers.filter((a) => a.status === 201);
    assert.equal(placed.length, 1);
    const code = placed[0]?.body.code as string;
    for (const answer of answers.filter((a) => a.status !== 201)) {
      assert.equal(answer.status, 409);
      assert.match(answer.body.errors?.[0]?.message ?? '', new RegExp(code));
    }
    assert.equal(await ordersOf(cartCode), 1);
  });

  it('through the active cart with different keys: one order, the rest refused', async () => {
    const cartCode = await readyCart(codes[2] as string);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => solo.call('POST', '/users/current/orders?cartId=active', { headers: { 'idempotency-key': randomUUID() } })),
    );
    assert.equal(answers.filter((a) => a.status === 201).length, 1);
    assert.ok(answers.every((a) => a.status === 201 || a.status === 409 || a.status === 422));
    assert.equal(await ordersOf(cartCode), 1);
  });
});
