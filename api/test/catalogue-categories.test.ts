import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { CATEGORY_CACHE_TTL_MS, CategoryCache } from '../src/catalogue/category-cache';
import { products } from '../src/db/schema';
import { generateCategories } from '../src/seed/generate-catalogue';
import { BASE, startTestServer, type TestServer } from './support/test-server';

interface Node {
  id: string;
  name: string;
  subcategories: Node[];
}

const treeUrl = (range: string, catalog = 'meadowvaleProductCatalog', version = 'Online') =>
  `${BASE}/catalogs/${catalog}/${version}/categories/${range}?fields=DEFAULT`;

describe('GET /catalogs/{catalog}/{version}/categories/{range}', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('returns the range tree in set order, for an anonymous caller too', async () => {
    const response = await server.request(treeUrl('DAIR'));
    assert.equal(response.status, 200);
    const body = (await response.json()) as Node;
    const expected = generateCategories().filter((c) => c.parentId === 'DAIR').sort((a, b) => a.position - b.position);
    assert.deepEqual(
      body.subcategories.map((c) => c.id),
      expected.map((c) => c.id),
    );
    const milk = body.subcategories[0];
    assert.equal(milk?.name, 'Milk');
    assert.deepEqual(
      milk?.subcategories.map((c) => c.id),
      ['DAIR_MILK_WHOLE', 'DAIR_MILK_SEMI', 'DAIR_MILK_SKIMMED', 'DAIR_MILK_PLANT'],
    );
    const chilled = (await (await server.request(treeUrl('CHIL'))).json()) as Node;
    assert.ok(chilled.subcategories.every((c) => c.id.startsWith('CHIL_')));
  });

  const EMPTIED = ['DAIR_EGGS_LIQUID', 'DAIR_DESSERTS_CUSTARD', 'DAIR_DESSERTS_POTS'];
  const setDiscontinued = async (discontinued: boolean) => {
    for (const id of EMPTIED) await server.database.db.update(products).set({ discontinued }).where(eq(products.categoryId, id));
  };
  const assertEmptiedLeftOut = (tree: Node) => {
    const eggs = tree.subcategories.find((c) => c.id === 'DAIR_EGGS');
    assert.deepEqual(eggs?.subcategories.map((c) => c.id), ['DAIR_EGGS_FREERANGE']);
    assert.equal(tree.subcategories.find((c) => c.id === 'DAIR_DESSERTS'), undefined);
  };

  it('leaves out categories without sellable products, and parents left empty by that', async () => {
    await setDiscontinued(true);
    // The running server keeps the tree it has loaded for a while (CATEGORY_CACHE_TTL_MS); one started now loads it afresh.
    const fresh = await startTestServer({ database: server.database });
    try {
      assertEmptiedLeftOut((await (await fresh.request(treeUrl('DAIR'))).json()) as Node);
    } finally {
      await fresh.app.close();
      await setDiscontinued(false);
    }
  });

  it('keeps each range’s categories for the cache period, loads them once for concurrent requests, and retries a failed load', async () => {
    let now = 0;
    const loads: string[] = [];
    let failNext = false;
    const db = server.database.db;
    // Counts the loads (each starts with one select) and can make the next one fail as a lost connection would.
    const watched = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'select') return Reflect.get(target, property, receiver);
        loads.push('select');
        if (failNext) {
          failNext = false;
          return () => {
            throw new Error('connection lost');
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const cache = new CategoryCache(watched, CATEGORY_CACHE_TTL_MS, () => now);
    const [first, concurrent] = await Promise.all([cache.get('DAIR'), cache.get('DAIR')]);
    assert.equal(first, concurrent);
    const selectsPerLoad = loads.length;
    assert.ok(first.tree.subcategories.some((c) => c.id === 'DAIR_DESSERTS'));

    await setDiscontinued(true);
    try {
      now = CATEGORY_CACHE_TTL_MS - 1;
      assert.equal(await cache.get('DAIR'), first, 'still within the period');
      assert.equal(loads.length, selectsPerLoad);
      now = CATEGORY_CACHE_TTL_MS;
      assertEmptiedLeftOut((await cache.get('DAIR')).tree);
      assert.equal(loads.length, 2 * selectsPerLoad);

      now += CATEGORY_CACHE_TTL_MS;
      failNext = true;
      await assert.rejects(cache.get('DAIR'), /connection lost/);
      assertEmptiedLeftOut((await cache.get('DAIR')).tree);
    } finally {
      await setDiscontinued(false);
    }
  });

  it('gives the descendants, names and depth-first order of a range’s categories', async () => {
    const dairy = await new CategoryCache(server.database.db).get('DAIR');
    assert.deepEqual(dairy.descendants('DAIR_EGGS'), ['DAIR_EGGS', 'DAIR_EGGS_FREERANGE', 'DAIR_EGGS_LIQUID']);
    assert.deepEqual(dairy.descendants('CHIL_READY'), [], 'a category of another range');
    assert.equal(dairy.name('DAIR_MILK'), 'Milk');
    assert.ok(dairy.treeOrder('DAIR_MILK') < dairy.treeOrder('DAIR_MILK_WHOLE'));
    assert.ok(dairy.treeOrder('DAIR_MILK_PLANT') < dairy.treeOrder('DAIR_EGGS'));
  });

  it('answers 400 naming an unknown range, and 404 for another catalog or version', async () => {
    const bad = await server.request(treeUrl('FROZ'));
    assert.equal(bad.status, 400);
    const error = ((await bad.json()) as { errors: { subject: string; message: string }[] }).errors[0];
    assert.equal(error?.subject, 'range');
    assert.match(error?.message ?? '', /FROZ/);
    assert.equal((await server.request(treeUrl('DAIR', 'otherCatalog'))).status, 404);
    assert.equal((await server.request(treeUrl('DAIR', 'meadowvaleProductCatalog', 'Staged'))).status, 404);
  });
});
