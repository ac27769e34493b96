import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { productWith, sellableProducts, shopper, SOLO, MULTI_DAIR, type Shopper } from './support/cart-helpers';
import { startTestServer, type TestServer } from './support/test-server';

interface CartBody {
  code: string;
  version: number;
  entries: { entryNumber: number; quantity: number; product: { code: string; name: string; packSize: string; images: { url: string }[] }; basePrice: { valuePence: number }; totalPrice: { valuePence: number; formattedValue: string } }[];
  totalUnitCount: number;
  totalPrice: { valuePence: number; formattedValue: string };
  totalTax: { valuePence: number };
  totalPriceWithTax: { valuePence: number };
}

describe('current cart and its entries', () => {
  let server: TestServer;
  let solo: Shopper;
  let codes: string[];
  before(async () => {
    server = await startTestServer();
    solo = await shopper(server, SOLO);
    codes = await sellableProducts(server, 'DAIR', 5);
  });
  after(() => server.close());

  it('POST /carts creates the current cart once and then returns the same one', async () => {
    const first = await solo.call('POST', '/users/current/carts');
    assert.equal(first.status, 201);
    const again = await solo.call('POST', '/users/current/carts');
    assert.equal(again.status, 200);
    assert.equal(again.body.code, first.body.code);
    assert.equal(again.headers.get('etag'), `"${String(first.body.version)}"`);
    const active = await solo.call('GET', '/users/current/carts/active?fields=FULL');
    assert.equal(active.body.code, first.body.code);
  });

  it('keeps one current cart per ship-to and range: another account of the same user has its own', async () => {
    const multi = await shopper(server, MULTI_DAIR);
    const dair = await multi.call('POST', '/users/current/carts');
    const chil = await server.request(`/occ/v2/b2b/users/current/carts?shipTo=0000410002&salesOrg=CHIL`, { method: 'POST', token: multi.token });
    const chilBody = (await chil.json()) as { code: string };
    assert.notEqual(dair.body.code, chilBody.code);
  });

  it('adds, adds to the same line, sets, and deletes entries with server prices and totals', async () => {
    await solo.call('DELETE', '/users/current/carts/active');
    const [a, b] = codes as [string, string];
    const added = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: a }, quantity: 2 } });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.equal(added.body.quantityAdded, 2);
    assert.deepEqual((added.body.entry as { entryNumber: number }).entryNumber, 0);
    const more = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: a }, quantity: '3' } });
    assert.equal(more.body.quantity, 5);
    await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: b }, quantity: 1 } });
    const cart = (await solo.call('GET', '/users/current/carts/active?fields=FULL')).body as unknown as CartBody;
    assert.deepEqual(
      cart.entries.map((e) => [e.entryNumber, e.product.code, e.quantity]),
      [
        [0, a, 5],
        [1, b, 1],
      ],
    );
    assert.equal(cart.totalUnitCount, 6);
    const line = cart.entries[0];
    assert.ok(line);
    assert.equal(line.totalPrice.valuePence, line.basePrice.valuePence * 5);
    assert.equal(line.product.images[0]?.url, `/images/products/${a}.svg`);
    assert.ok(line.product.name.length > 0 && line.product.packSize.length > 0);
    assert.equal(cart.totalPrice.valuePence, cart.entries.reduce((sum, e) => sum + e.totalPrice.valuePence, 0));
    assert.equal(cart.totalPriceWithTax.valuePence, cart.totalPrice.valuePence + cart.totalTax.valuePence);
    assert.match(cart.totalPrice.formattedValue, /^£[\d,]+\.\d\d$/);

    const set = await solo.call('PUT', '/users/current/carts/active/entries/1', { body: { quantity: 4 } });
    assert.equal(set.status, 200);
    assert.equal(set.body.quantity, 4);
    const zero = await solo.call('PUT', '/users/current/carts/active/entries/1', { body: { product: { code: b }, quantity: '0' } });
    assert.equal(zero.status, 200);
    assert.equal((zero.body.cart as CartBody).entries.length, 1);
    const removed = await solo.call('DELETE', '/users/current/carts/active/entries/0');
    assert.equal(removed.status, 200);
    assert.equal((removed.body as unknown as CartBody).totalUnitCount, 0);
    const missing = await solo.call('DELETE', '/users/current/carts/active/entries/0');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.errors?.[0]?.type, 'CartEntryError');
  });

  it('refuses bad quantities and products with a 400 that names them, and changes nothing', async () => {
    await solo.call('DELETE', '/users/current/carts/active');
    const [a] = codes as [string];
    const chil = (await sellableProducts(server, 'CHIL', 1))[0] as string;
    const discontinued = await productWith(server, 'DAIR', 'discontinued');
    const minimum = await productWith(server, 'DAIR', 'minimum');
    const cases: [unknown, string, RegExp][] = [
      [{ product: { code: a }, quantity: 1.5 }, 'quantity', /whole number/],
      [{ product: { code: a }, quantity: -1 }, 'quantity', /quantity/],
      [{ product: { code: a }, quantity: 10000 }, 'quantity', /quantity/],
      [{ product: { code: a }, quantity: 'two' }, 'quantity', /quantity/],
      [{ product: { code: a } }, 'quantity', /quantity/],
      [{ quantity: 1 }, 'product', /product/],
      [{ product: { code: 'NOPE-1' }, quantity: 1 }, 'product.code', /NOPE-1/],
      [{ product: { code: chil }, quantity: 1 }, 'product.code', new RegExp(chil)],
      [{ product: { code: discontinued.code }, quantity: 1 }, 'product.code', new RegExp(`${discontinued.code}.*no longer sold`)],
      [{ product: { code: minimum.code }, quantity: minimum.minOrderQuantity - 1 }, 'quantity', new RegExp(`at least ${minimum.minOrderQuantity}`)],
    ];
    for (const [body, subject, message] of cases) {
      const response = await solo.call('POST', '/users/current/carts/active/entries', { body });
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.body.errors?.[0]?.subject, subject, JSON.stringify(response.body));
      assert.match(response.body.errors?.[0]?.message ?? '', message);
    }
    await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: a }, quantity: 9000 } });
    const over = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: a }, quantity: 1000 } });
    assert.equal(over.status, 400);
    assert.match(over.body.errors?.[0]?.message ?? '', /9999/);
    const cart = (await solo.call('GET', '/users/current/carts/active')).body as unknown as CartBody;
    assert.deepEqual(cart.entries.map((e) => e.quantity), [9000]);
    const okMinimum = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: minimum.code }, quantity: minimum.minOrderQuantity } });
    assert.equal(okMinimum.status, 200);
    const below = await solo.call('PUT', '/users/current/carts/active/entries/1', { body: { quantity: minimum.minOrderQuantity - 1 } });
    assert.equal(below.status, 400);
  });

  it('asks for shipTo and salesOrg with the active cart', async () => {
    const response = await solo.call('GET', '/users/current/carts/active', { scoped: false });
    assert.equal(response.status, 400);
    assert.equal(response.body.errors?.[0]?.subject, 'shipTo');
  });
});
