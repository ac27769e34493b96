import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { products } from '../src/db/schema';
import { productWith, sellableProducts, shopper, SOLO, type Shopper } from './support/cart-helpers';
import { BASE, startTestServer, type TestServer } from './support/test-server';

interface Entry {
  entryNumber: number;
  quantity: number;
  product: { code: string };
}
interface Cart {
  code: string;
  entries: Entry[];
  totalUnitCount: number;
}
interface BulkAnswer {
  added: Entry[];
  problems: { line: number; code: string; reason: string; message: string }[];
}

const line = (code: string, quantity: unknown) => ({ product: { code }, quantity });

describe('bulk add: POST /users/current/carts/{cartId}/entries/bulk (meaningful concurrency on PostgreSQL)', () => {
  let server: TestServer;
  let solo: Shopper;
  let codes: string[];
  let chilled: string;
  let minimum: { code: string; minOrderQuantity: number };
  let discontinued: string;

  before(async () => {
    server = await startTestServer({ products: 1400 });
    solo = await shopper(server, SOLO);
    codes = await sellableProducts(server, 'DAIR', 560);
    chilled = (await sellableProducts(server, 'CHIL', 1))[0] as string;
    minimum = await productWith(server, 'DAIR', 'minimum');
    discontinued = (await productWith(server, 'DAIR', 'discontinued')).code;
  });
  after(() => server.close());

  const fresh = async () => {
    await solo.call('DELETE', '/users/current/carts/active');
    return (await solo.call('POST', '/users/current/carts')).body.code as string;
  };
  const bulk = async (entries: unknown[], cartId = 'active') => {
    const answer = await solo.call('POST', `/users/current/carts/${cartId}/entries/bulk`, { body: { entries } });
    // The cart as it is after the request, to check what the answer says against what was stored.
    const cart = (await solo.call('GET', `/users/current/carts/${cartId}`)).body as unknown as Cart;
    return { status: answer.status, body: { ...(answer.body as unknown as BulkAnswer & { errors?: { subject?: string; message: string }[] }), cart } };
  };
  const quantities = (cart: Cart) => Object.fromEntries(cart.entries.map((entry) => [entry.product.code, entry.quantity]));

  it('adds the valid lines and reports every other one with its line number and reason', async () => {
    await fresh();
    const [p, q, r] = codes as [string, string, string];
    await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: r }, quantity: 1 } });
    const answer = await bulk([
      line(p, 2),
      line('NO-SUCH-CODE', 1),
      line(chilled, 1),
      line(minimum.code, minimum.minOrderQuantity - 1),
      line(q, 'abc'),
      line(discontinued, 3),
      line(p, '3'),
      line(q, 0),
      line(q, -1),
      line(q, 1.5),
      line(r, 4),
      line(q, 10000),
    ]);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(
      answer.body.problems.map((problem) => [problem.line, problem.reason]),
      [
        [2, 'unknownProduct'],
        [3, 'notInRange'],
        [4, 'belowMinimum'],
        [5, 'badQuantity'],
        [6, 'discontinued'],
        [8, 'badQuantity'],
        [9, 'badQuantity'],
        [10, 'badQuantity'],
        [12, 'badQuantity'],
      ],
    );
    assert.match(answer.body.problems.find((problem) => problem.line === 4)?.message ?? '', new RegExp(`at least ${minimum.minOrderQuantity} cases`));
    assert.deepEqual(quantities(answer.body.cart), { [p]: 5, [r]: 5 }, 'the same product twice adds up; a product in the cart grows');
    assert.deepEqual(answer.body.added.map((entry) => [entry.product.code, entry.quantity]).sort(), [[p, 5], [r, 5]].sort());
    const stored = (await solo.call('GET', '/users/current/carts/active')).body as unknown as Cart;
    assert.deepEqual(quantities(stored), { [p]: 5, [r]: 5 });
  });

  it('checks the minimum on the total of a product named twice', async () => {
    await fresh();
    const half = Math.ceil(minimum.minOrderQuantity / 2);
    const answer = await bulk([line(minimum.code, half), line(minimum.code, half)]);
    assert.deepEqual(answer.body.problems, []);
    assert.equal(quantities(answer.body.cart)[minimum.code], half * 2);
  });

  it('refuses more than 500 lines with 400 naming the limit, and an empty or malformed body', async () => {
    await fresh();
    const tooMany = await bulk(Array.from({ length: 501 }, (_, index) => line(codes[index % 10] as string, 1)));
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.errors?.[0]?.subject, 'entries');
    assert.match(tooMany.body.errors?.[0]?.message ?? '', /500/);
    const empty = await bulk([]);
    assert.equal(empty.status, 400);
    assert.equal(empty.body.errors?.[0]?.subject, 'entries');
    const noCode = await bulk([{ quantity: 1 }]);
    assert.equal(noCode.status, 400);
    assert.equal(noCode.body.errors?.[0]?.subject, 'entries.0.product');
    const garbage = await server.request(`${BASE}/users/current/carts/active/entries/bulk?shipTo=${SOLO.shipTo}&salesOrg=DAIR`, {
      method: 'POST',
      token: solo.token,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from([0x00, 0xff, 0xfe, 0x7b, 0x10]),
    });
    assert.equal(garbage.status, 400);
    const cart = (await solo.call('GET', '/users/current/carts/active')).body as unknown as Cart;
    assert.equal(cart.entries.length, 0, 'nothing was added by a refused request');
  });

  it('holds the 500-line cap of a cart: the lines beyond it are reported as cartFull', async () => {
    await fresh();
    const first = await bulk(codes.slice(0, 498).map((code) => line(code, 1)));
    assert.equal(first.body.cart.entries.length, 498);
    const answer = await bulk([line(codes[0] as string, 1), ...codes.slice(498, 502).map((code) => line(code, 1))]);
    assert.equal(answer.body.cart.entries.length, 500);
    assert.deepEqual(answer.body.problems.map((problem) => [problem.line, problem.reason]), [
      [4, 'cartFull'],
      [5, 'cartFull'],
    ]);
    assert.equal(quantities(answer.body.cart)[codes[0] as string], 2, 'a line already in a full cart still grows');
  });

  it('10 parallel bulk adds to one cart lose nothing', async () => {
    const cartId = await fresh();
    const shared = codes.slice(0, 20);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, request) =>
        bulk([...shared.map((code) => line(code, 1)), ...codes.slice(100 + request * 5, 105 + request * 5).map((code) => line(code, 2))], cartId),
      ),
    );
    assert.deepEqual(new Set(answers.map((answer) => answer.status)), new Set([200]));
    const cart = (await solo.call('GET', `/users/current/carts/${cartId}`)).body as unknown as Cart;
    assert.equal(cart.entries.length, 70);
    const counts = quantities(cart);
    for (const code of shared) assert.equal(counts[code], 10);
    assert.equal(cart.totalUnitCount, 20 * 10 + 50 * 2);
    assert.deepEqual(cart.entries.map((entry) => entry.entryNumber).sort((x, y) => x - y), Array.from({ length: 70 }, (_, index) => index));
  });

  it('writes nothing of a request whose lines all fail', async () => {
    await fresh();
    await server.database.db.update(products).set({ discontinued: true }).where(eq(products.code, codes[550] as string));
    const answer = await bulk([line(codes[550] as string, 1), line('NOPE', 1)]);
    assert.equal(answer.status, 200);
    assert.equal(answer.body.added.length, 0);
    assert.equal(answer.body.problems.length, 2);
    assert.equal(answer.body.cart.entries.length, 0);
  });
});
