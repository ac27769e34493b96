import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { cartEntries, carts } from '../src/db/schema';
import { sellableProducts, shopper, SOLO, type Shopper } from './support/cart-helpers';
import { startTestServer, type TestServer } from './support/test-server';
import { onlyOnPostgres } from './support/engines';

interface CartBody {
  code: string;
  entries: { entryNumber: number; quantity: number; product: { code: string } }[];
  totalUnitCount: number;
}

describe('concurrent changes to one cart', { skip: onlyOnPostgres }, () => {
  let server: TestServer;
  let solo: Shopper;
  let codes: string[];
  before(async () => {
    // Enough products for a range to fill a cart to its 500-line limit.
    server = await startTestServer({ products: 1400 });
    solo = await shopper(server, SOLO);
    codes = await sellableProducts(server, 'DAIR', 600);
  });
  after(() => server.close());

  const fresh = async () => {
    await solo.call('DELETE', '/users/current/carts/active');
    return (await solo.call('POST', '/users/current/carts')).body as unknown as CartBody;
  };

  it('50 parallel "+1" of one product make quantity 50', async () => {
    const cart = await fresh();
    const code = codes[0] as string;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => solo.call('POST', `/users/current/carts/${cart.code}/entries`, { body: { product: { code }, quantity: 1 } })),
    );
    assert.deepEqual(new Set(answers.map((a) => a.status)), new Set([200]));
    const after = (await solo.call('GET', `/users/current/carts/${cart.code}`)).body as unknown as CartBody;
    assert.deepEqual(after.entries.map((e) => [e.entryNumber, e.quantity]), [[0, 50]]);
  });

  it('50 parallel adds of different products make 50 lines with distinct entry numbers', async () => {
    await fresh();
    const answers = await Promise.all(
      codes.slice(0, 50).map((code) => solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code }, quantity: 2 } })),
    );
    assert.deepEqual(new Set(answers.map((a) => a.status)), new Set([200]));
    const after = (await solo.call('GET', '/users/current/carts/active')).body as unknown as CartBody;
    assert.equal(after.entries.length, 50);
    assert.deepEqual(after.entries.map((e) => e.entryNumber), Array.from({ length: 50 }, (_, i) => i));
    assert.deepEqual(new Set(after.entries.map((e) => e.product.code)), new Set(codes.slice(0, 50)));
    assert.equal(after.totalUnitCount, 100);
  });

  it('loses no entry when a save races with adds to the active cart', async () => {
    const cart = await fresh();
    await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: codes[0] }, quantity: 1 } });
    const adds = codes.slice(1, 11).map((code) => solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code }, quantity: 1 } }));
    const save = solo.call('PATCH', `/users/current/carts/${cart.code}/save?saveCartName=Race`);
    const [saved, ...added] = await Promise.all([save, ...adds]);
    assert.equal(saved?.status, 200);
    assert.deepEqual(new Set(added.map((a) => a.status)), new Set([200]));
    const savedCart = (await solo.call('GET', `/users/current/carts/${cart.code}`)).body as unknown as CartBody;
    const current = (await solo.call('GET', '/users/current/carts/active')).body as unknown as CartBody;
    assert.notEqual(current.code, cart.code);
    const all = [...savedCart.entries, ...current.entries].map((e) => e.product.code).sort();
    assert.deepEqual(all, codes.slice(0, 11).sort());
  });

  it('refuses the 501st line', async () => {
    const cart = await fresh();
    const [row] = await server.database.db.select({ id: carts.id }).from(carts).where(eq(carts.code, cart.code));
    assert.ok(row);
    await server.database.db
      .insert(cartEntries)
      .values(codes.slice(0, 500).map((productCode, entryNumber) => ({ cartId: row.id, entryNumber, productCode, quantity: 1 })));
    const full = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: codes[500] }, quantity: 1 } });
    assert.equal(full.status, 400);
    assert.match(full.body.errors?.[0]?.message ?? '', /500 lines/);
    const existing = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: codes[0] }, quantity: 1 } });
    assert.equal(existing.status, 200);
  });
});
