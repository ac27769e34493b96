import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { orders, products } from '../src/db/schema';
import { MULTI_DAIR, sellableProducts, shopper, SOLO, type Shopper } from './support/cart-helpers';
import { startTestServer, type TestServer } from './support/test-server';
import { colleagueOf, placeOrderOf } from './support/weekly-helpers';

interface GuideLine {
  product: { code: string; name: string; brand: string; price?: { valuePence: number }; purchasable: boolean };
  timesOrdered: number;
  lastOrderedAt: string | null;
  lastQuantity: number | null;
  usualQuantity: number | null;
  parLevel: number | null;
  unavailableReason: string | null;
}

const OTHER_SHIP_TO = { ...MULTI_DAIR, shipTo: '0000410003' } as const;

describe('usual items: GET /users/current/orderguide and par levels', () => {
  let server: TestServer;
  let multi: Shopper;
  let colleague: Shopper;
  let multiElsewhere: Shopper;
  let solo: Shopper;
  let a: string, b: string, c: string, gone: string, parOnly: string;

  const guide = async (who: Shopper = multi) => {
    const answer = await who.call('GET', '/users/current/orderguide');
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.entries as unknown as GuideLine[];
  };
  const lineOf = (lines: GuideLine[], code: string) => lines.find((line) => line.product.code === code);

  before(async () => {
    server = await startTestServer();
    await colleagueOf(server, MULTI_DAIR.username, 'colleague@example.com', [MULTI_DAIR.shipTo]);
    multi = await shopper(server, MULTI_DAIR);
    colleague = await shopper(server, { ...MULTI_DAIR, username: 'colleague@example.com' });
    multiElsewhere = await shopper(server, OTHER_SHIP_TO);
    solo = await shopper(server, SOLO);
    [a, b, c, gone, parOnly] = (await sellableProducts(server, 'DAIR', 5)) as [string, string, string, string, string];

    await placeOrderOf(multi, [{ code: a, quantity: 2 }, { code: b, quantity: 5 }, { code: gone, quantity: 1 }]);
    await placeOrderOf(multi, [{ code: a, quantity: 4 }]);
    await placeOrderOf(colleague, [{ code: a, quantity: 3 }, { code: c, quantity: 1 }]);
    // Another ship-to of the same user: never counted for this one.
    await placeOrderOf(multiElsewhere, [{ code: b, quantity: 9 }, { code: c, quantity: 9 }]);
    // An order of c from 100 days ago: outside the 90-day window.
    const old = await placeOrderOf(colleague, [{ code: c, quantity: 50 }]);
    await server.database.db.update(orders).set({ placedAt: sql`now() - interval '100 days'` }).where(eq(orders.code, old));
    // A product ordered, then no longer sold.
    await server.database.db.update(products).set({ discontinued: true }).where(eq(products.code, gone));
  });
  after(() => server.close());

  it("counts every user's orders of the ship-to and range in the last 90 days, best first", async () => {
    const lines = await guide();
    assert.deepEqual(lines.slice(0, 2).map((line) => line.product.code), [a, c], 'most often, then most recently ordered');
    assert.deepEqual(new Set(lines.slice(2).map((line) => line.product.code)), new Set([b, gone]));
    const first = lineOf(lines, a);
    assert.equal(first?.timesOrdered, 3);
    assert.equal(first?.lastQuantity, 3, 'the latest order (the colleague\'s) had 3');
    assert.equal(first?.usualQuantity, 3, 'median of 2, 4, 3');
    assert.equal(lineOf(lines, b)?.timesOrdered, 1, "the other ship-to's order of b is not counted");
    assert.equal(lineOf(lines, b)?.usualQuantity, 5);
    assert.equal(lineOf(lines, c)?.timesOrdered, 1, 'the order from 100 days ago is not counted');
    assert.equal(lineOf(lines, c)?.lastQuantity, 1);
    assert.ok(lineOf(lines, c)?.lastOrderedAt);
  });

  it('pages the guide and refuses a bad page with 400 naming the field', async () => {
    const all = await guide();
    const page = await multi.call('GET', '/users/current/orderguide?pageSize=2&currentPage=1');
    assert.equal(page.status, 200);
    assert.deepEqual((page.body.entries as unknown as GuideLine[]).map((line) => line.product.code), all.slice(2, 4).map((line) => line.product.code));
    assert.deepEqual(page.body.pagination, { currentPage: 1, pageSize: 2, totalPages: Math.ceil(all.length / 2), totalResults: all.length });
    for (const query of ['pageSize=0', 'pageSize=501', 'currentPage=-1', 'pageSize=x']) {
      const bad = await multi.call('GET', `/users/current/orderguide?${query}`);
      assert.equal(bad.status, 400, query);
      assert.equal(bad.body.errors?.[0]?.subject, query.split('=')[0]);
    }
  });

  it('counts a new order at once (the aggregate it reuses is checked against the orders on every request)', async () => {
    const before = lineOf(await guide(colleague), b);
    await placeOrderOf(colleague, [{ code: b, quantity: 7 }]);
    const after = lineOf(await guide(colleague), b);
    assert.equal(after?.timesOrdered, (before?.timesOrdered ?? 0) + 1);
    assert.equal(after?.lastQuantity, 7);
  });

  it('keeps a product no longer sold, with the reason', async () => {
    const line = lineOf(await guide(), gone);
    assert.equal(line?.unavailableReason, 'discontinued');
    assert.equal(line?.product.purchasable, false);
  });

  it("prices each product for the ship-to's sold-to", async () => {
    const line = lineOf(await guide(), a);
    const detail = await multi.call('GET', `/products/${a}`);
    assert.equal(detail.status, 200);
    assert.equal(line?.product.price?.valuePence, (detail.body.price as { valuePence: number }).valuePence);
    assert.ok(line?.product.brand);
  });

  it('the other ship-to of the same user has its own guide', async () => {
    const lines = await guide(multiElsewhere);
    assert.deepEqual(new Set(lines.map((line) => line.product.code)), new Set([b, c]));
    assert.equal(lineOf(lines, b)?.usualQuantity, 9);
  });

  it('sets, shows and clears a par level; a par level alone keeps a product in the guide', async () => {
    const set = await multi.call('PUT', `/users/current/orderguide/${b}`, { body: { parLevel: 12 } });
    assert.equal(set.status, 200);
    assert.deepEqual(set.body, { productCode: b, parLevel: 12 });
    assert.equal(lineOf(await guide(colleague), b)?.parLevel, 12, "a colleague sees the kitchen's par level");
    assert.equal((await multi.call('PUT', `/users/current/orderguide/${b}`, { body: { parLevel: '20' } })).status, 200);
    assert.equal(lineOf(await guide(), b)?.parLevel, 20);
    assert.equal(lineOf(await guide(multiElsewhere), b)?.parLevel, null, 'par levels belong to one ship-to');

    assert.equal((await multi.call('PUT', `/users/current/orderguide/${parOnly}`, { body: { parLevel: 6 } })).status, 200);
    const lines = await guide();
    assert.equal(lines.at(-1)?.product.code, parOnly);
    assert.equal(lines.at(-1)?.timesOrdered, 0);
    assert.equal(lines.at(-1)?.parLevel, 6);

    assert.equal((await multi.call('DELETE', `/users/current/orderguide/${b}`)).status, 204);
    assert.equal(lineOf(await guide(), b)?.parLevel, null);
    assert.equal((await multi.call('DELETE', `/users/current/orderguide/${b}`)).status, 204, 'clearing twice is fine');
    assert.equal((await multi.call('DELETE', `/users/current/orderguide/${parOnly}`)).status, 204);
    assert.equal(lineOf(await guide(), parOnly), undefined);
  });

  it('refuses a bad par level with 400 naming the field', async () => {
    for (const parLevel of [0, -1, 10000, 1.5, 'abc', '', null]) {
      const answer = await multi.call('PUT', `/users/current/orderguide/${a}`, { body: { parLevel } });
      assert.equal(answer.status, 400, `parLevel ${JSON.stringify(parLevel)}`);
      assert.equal(answer.body.errors?.[0]?.subject, 'parLevel');
    }
    const noBody = await multi.call('PUT', `/users/current/orderguide/${a}`, { body: {} });
    assert.equal(noBody.body.errors?.[0]?.subject, 'parLevel');
    const garbage = await server.request(`/occ/v2/b2b/users/current/orderguide/${a}?shipTo=${MULTI_DAIR.shipTo}&salesOrg=DAIR`, {
      method: 'PUT',
      token: multi.token,
      headers: { 'content-type': 'application/json' },
      body: '\u0000\u00ff{{',
    });
    assert.equal(garbage.status, 400);
    const noScope = await multi.call('GET', '/users/current/orderguide', { scoped: false });
    assert.equal(noScope.status, 400);
    assert.equal(noScope.body.errors?.[0]?.subject, 'shipTo');
  });

  it('answers 404 for an unknown product or one of the other range', async () => {
    const chilled = (await sellableProducts(server, 'CHIL', 1))[0];
    for (const code of ['NOPE-1', chilled]) {
      const answer = await multi.call('PUT', `/users/current/orderguide/${code}`, { body: { parLevel: 3 } });
      assert.equal(answer.status, 404);
      assert.equal(answer.body.errors?.[0]?.subject, 'productCode');
    }
  });

  it("answers 404 for another customer's ship-to and changes nothing", async () => {
    const before = await guide();
    const asSolo = `shipTo=${MULTI_DAIR.shipTo}&salesOrg=DAIR`;
    const read = await solo.call('GET', `/users/current/orderguide?${asSolo}`, { scoped: false });
    assert.equal(read.status, 404);
    assert.equal(read.body.errors?.[0]?.reason, 'notFound');
    const write = await solo.call('PUT', `/users/current/orderguide/${a}?${asSolo}`, { scoped: false, body: { parLevel: 99 } });
    assert.equal(write.status, 404);
    const clear = await solo.call('DELETE', `/users/current/orderguide/${a}?${asSolo}`, { scoped: false });
    assert.equal(clear.status, 404);
    assert.deepEqual(await guide(), before);
  });
});
