import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import { cartEntries, carts, users } from '../src/db/schema';
import { sellableProducts, shopper, SOLO, type Shopper } from './support/cart-helpers';
import { startTestServer, type TestServer } from './support/test-server';
import { onlyOnPostgres } from './support/engines';

const PARALLEL = 20;

describe('saved carts restored and saved at the same time', { skip: onlyOnPostgres }, () => {
  let server: TestServer;
  let solo: Shopper;
  let codes: string[];
  before(async () => {
    server = await startTestServer();
    solo = await shopper(server, SOLO);
    codes = await sellableProducts(server, 'DAIR', PARALLEL + 1);
  });
  after(() => server.close());

  /** The carts of the shopper's ship-to and range as the database holds them, each with its products. */
  const cartsInScope = async () => {
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, SOLO.username));
    assert.ok(user);
    const rows = await server.database.db
      .select({ id: carts.id, code: carts.code, status: carts.status })
      .from(carts)
      .where(and(eq(carts.userId, user.id), eq(carts.shipToCode, SOLO.shipTo), eq(carts.range, SOLO.salesOrg), inArray(carts.status, ['current', 'saved'])));
    const lines = await server.database.db.select({ cartId: cartEntries.cartId, productCode: cartEntries.productCode }).from(cartEntries).where(inArray(cartEntries.cartId, rows.map((row) => row.id)));
    return { rows, products: lines.map((line) => line.productCode).sort() };
  };

  /** One saved cart per product but the last, which stays in the current cart. */
  const savedCarts = async (): Promise<string[]> => {
    const saved: string[] = [];
    for (const code of codes) {
      const cart = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code }, quantity: 1 } });
      assert.equal(cart.status, 200, JSON.stringify(cart.body));
      if (saved.length === PARALLEL) break;
      const cartCode = (cart.body.cart as { code: string }).code;
      const response = await solo.call('PATCH', `/users/current/carts/${cartCode}/save?saveCartName=Saved%20${saved.length}`);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      saved.push(cartCode);
    }
    return saved;
  };

  it(`${PARALLEL} parallel restores of different saved carts: no 5xx, one current cart, no line lost`, async () => {
    const saved = await savedCarts();
    const before = await cartsInScope();
    assert.equal(before.products.length, PARALLEL + 1);

    const answers = await Promise.all(saved.map((code) => solo.call('PATCH', `/users/current/carts/${code}/restoresavedcart`)));
    assert.deepEqual(answers.filter((answer) => answer.status >= 500).map((answer) => `${answer.status} ${JSON.stringify(answer.body)}`), []);
    // Restores run one at a time per user, so each one sets aside the cart the one before it made current.
    assert.deepEqual(answers.map((answer) => answer.status), saved.map(() => 200));

    const afterwards = await cartsInScope();
    assert.equal(afterwards.rows.filter((row) => row.status === 'current').length, 1);
    assert.deepEqual(afterwards.products, before.products);
    const current = await solo.call('GET', '/users/current/carts/active');
    assert.equal(current.status, 200);
    assert.ok(saved.includes(current.body.code as string), 'the current cart is one of the restored carts');
  });

  it('restores racing with saves of the current cart: no 5xx, one current cart, no line lost', async () => {
    const before = await cartsInScope();
    const savedCodes = before.rows.filter((row) => row.status === 'saved').map((row) => row.code).slice(0, PARALLEL / 2);
    const restores = savedCodes.map((code) => solo.call('PATCH', `/users/current/carts/${code}/restoresavedcart`));
    const saves = savedCodes.map((_, i) => solo.call('PATCH', `/users/current/carts/active/save?saveCartName=Race%20${i}`));
    const answers = await Promise.all([...restores, ...saves]);
    assert.deepEqual(answers.filter((answer) => answer.status >= 500).map((answer) => `${answer.status} ${JSON.stringify(answer.body)}`), []);

    const afterwards = await cartsInScope();
    assert.ok(afterwards.rows.filter((row) => row.status === 'current').length <= 1);
    assert.deepEqual(afterwards.products, before.products);
  });
});
