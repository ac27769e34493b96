import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { cartEntries, carts, products } from '../src/db/schema';
import { MULTI_DAIR, productWith, sellableProducts, shopper, SOLO, type Shopper } from './support/cart-helpers';
import { startTestServer, type TestServer } from './support/test-server';

interface CartBody {
  code: string;
  status: string;
  entries?: { product: { code: string }; quantity: number }[];
  totalUnitCount: number;
}

interface AddToCartBody {
  added: { productCode: string; quantity: number }[];
  notAdded: { productCode: string; name: string; quantity: number; reason: string; message: string }[];
  cart: CartBody;
}

/** docs/decisions-left-open.md#weekly-ordering: POST /users/current/carts/{savedCartId}/addtocart copies a saved cart's lines; the saved cart stays. */
describe('saved carts: add to cart', () => {
  let server: TestServer;
  let solo: Shopper;
  let multi: Shopper;
  let codes: string[];
  before(async () => {
    server = await startTestServer();
    solo = await shopper(server, SOLO);
    multi = await shopper(server, MULTI_DAIR);
    codes = await sellableProducts(server, 'DAIR', 6);
  });
  after(() => server.close());

  beforeEach(async () => {
    const saved = (await solo.call('GET', '/users/current/carts?savedCartsOnly=true')).body.carts as CartBody[];
    for (const cart of saved) await solo.call('DELETE', `/users/current/carts/${cart.code}`);
    await solo.call('DELETE', '/users/current/carts/active');
  });

  /** A saved cart of solo's with these lines; the current cart is empty afterwards. */
  const savedCart = async (...lines: [string, number][]): Promise<string> => {
    for (const [code, quantity] of lines) {
      const added = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code }, quantity } });
      assert.equal(added.status, 200, JSON.stringify(added.body));
    }
    const saved = await solo.call('PATCH', '/users/current/carts/active/save?saveCartName=Weekly');
    assert.equal(saved.status, 200);
    return (saved.body.savedCartData as CartBody).code;
  };

  const current = async () => (await solo.call('GET', '/users/current/carts/active?fields=FULL')).body as unknown as CartBody;
  const quantities = (cart: CartBody) => Object.fromEntries((cart.entries ?? []).map((entry) => [entry.product.code, entry.quantity]));

  it('adds the lines to the current cart (to lines already there) and keeps the saved cart, every time', async () => {
    const [a, b, c] = codes as [string, string, string];
    const code = await savedCart([a, 3], [b, 2]);
    await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: a }, quantity: 1 } });
    await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: c }, quantity: 4 } });

    const first = await solo.call('POST', `/users/current/carts/${code}/addtocart`);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const body = first.body as unknown as AddToCartBody;
    assert.deepEqual(body.added, [
      { productCode: a, quantity: 3 },
      { productCode: b, quantity: 2 },
    ]);
    assert.deepEqual(body.notAdded, []);
    assert.equal(body.cart.status, 'current');
    assert.deepEqual(quantities(body.cart), { [a]: 4, [c]: 4, [b]: 2 });
    assert.ok(first.headers.get('etag'));

    const again = await solo.call('POST', `/users/current/carts/${code}/addtocart`);
    assert.deepEqual(quantities((again.body as unknown as AddToCartBody).cart), { [a]: 7, [c]: 4, [b]: 4 });

    const saved = (await solo.call('GET', `/users/current/carts/${code}?fields=FULL`)).body as unknown as CartBody;
    assert.equal(saved.status, 'saved');
    assert.deepEqual(quantities(saved), { [a]: 3, [b]: 2 }, 'the saved cart is unchanged');
  });

  it('answers 404 for a cart the caller cannot see, exactly as for one that does not exist', async () => {
    const code = await savedCart([codes[0] as string, 1]);
    const other = await multi.call('POST', `/users/current/carts/${code}/addtocart`);
    assert.equal(other.status, 404);
    const otherUnscoped = await multi.call('POST', `/users/current/carts/${code}/addtocart`, { scoped: false });
    assert.equal(otherUnscoped.status, 404);
    const wrongShipTo = await solo.call('POST', `/users/current/carts/${code}/addtocart?shipTo=0000410002&salesOrg=DAIR`, { scoped: false });
    assert.equal(wrongShipTo.status, 404);
    const unknown = await solo.call('POST', '/users/current/carts/no-such-cart/addtocart');
    assert.equal(unknown.status, 404);
    assert.deepEqual([unknown.body.errors?.[0]?.reason, unknown.body.errors?.[0]?.subject], ['notFound', 'cartId']);
    const bad = await solo.call('POST', '/users/current/carts/%00x/addtocart');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors?.[0]?.subject, 'cartId');
    assert.equal((await current()).totalUnitCount, 0, 'nothing was added');
  });

  it('refuses the current cart with 409: only a saved cart is copied', async () => {
    await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: codes[0] }, quantity: 2 } });
    const cart = await current();
    for (const id of [cart.code, 'active']) {
      const response = await solo.call('POST', `/users/current/carts/${id}/addtocart`);
      assert.equal(response.status, 409, id);
      assert.equal(response.body.errors?.[0]?.subject, 'cartId');
    }
    assert.equal((await current()).totalUnitCount, 2);
  });

  it('reports lines no longer sold or now below their minimum, and adds the rest', async () => {
    const [a, b] = codes as [string, string];
    const minimum = await productWith(server, 'DAIR', 'minimum');
    const code = await savedCart([a, 2], [b, 1], [minimum.code, minimum.minOrderQuantity]);
    const db = server.database.db;
    await db.update(products).set({ discontinued: true }).where(eq(products.code, b));
    await db.update(products).set({ minOrderQuantity: minimum.minOrderQuantity + 5 }).where(eq(products.code, minimum.code));
    try {
      const response = await solo.call('POST', `/users/current/carts/${code}/addtocart`);
      assert.equal(response.status, 200);
      const body = response.body as unknown as AddToCartBody;
      assert.deepEqual(body.added, [{ productCode: a, quantity: 2 }]);
      assert.deepEqual(
        body.notAdded.map((line) => [line.productCode, line.reason, line.quantity]),
        [
          [b, 'productDiscontinued', 1],
          [minimum.code, 'belowMinimum', minimum.minOrderQuantity],
        ],
      );
      assert.ok(body.notAdded.every((line) => line.name.length > 0 && line.message.length > 0));
      assert.deepEqual(quantities(body.cart), { [a]: 2 });
    } finally {
      await db.update(products).set({ discontinued: false }).where(eq(products.code, b));
      await db.update(products).set({ minOrderQuantity: minimum.minOrderQuantity }).where(eq(products.code, minimum.code));
    }
  });

  it('holds the 500-line cap of the current cart', async () => {
    const [a] = codes as [string];
    const code = await savedCart([a, 1]);
    const cart = await current();
    const db = server.database.db;
    const [row] = await db.select({ id: carts.id }).from(carts).where(and(eq(carts.code, cart.code)));
    assert.ok(row);
    const others = await db.select({ code: products.code }).from(products).where(notInArray(products.code, [a])).orderBy(asc(products.code)).limit(500);
    assert.equal(others.length, 500, 'the demo catalogue has 500 other products');
    await db.insert(cartEntries).values(others.map((product, entryNumber) => ({ cartId: row.id, entryNumber, productCode: product.code, quantity: 1 })));

    const response = await solo.call('POST', `/users/current/carts/${code}/addtocart`);
    assert.equal(response.status, 200);
    const body = response.body as unknown as AddToCartBody;
    assert.deepEqual(body.added, []);
    assert.deepEqual(body.notAdded.map((line) => [line.productCode, line.reason]), [[a, 'cartFull']]);
    assert.equal(body.cart.entries?.length, 500);
  });
});
