import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
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

  it('leaves out categories without sellable products, and parents left empty by that', async () => {
    const db = server.database.db;
    await db.update(products).set({ discontinued: true }).where(eq(products.categoryId, 'DAIR_EGGS_LIQUID'));
    await db.update(products).set({ discontinued: true }).where(eq(products.categoryId, 'DAIR_DESSERTS_CUSTARD'));
    await db.update(products).set({ discontinued: true }).where(eq(products.categoryId, 'DAIR_DESSERTS_POTS'));
    try {
      const body = (await (await server.request(treeUrl('DAIR'))).json()) as Node;
      const eggs = body.subcategories.find((c) => c.id === 'DAIR_EGGS');
      assert.deepEqual(eggs?.subcategories.map((c) => c.id), ['DAIR_EGGS_FREERANGE']);
      assert.equal(body.subcategories.find((c) => c.id === 'DAIR_DESSERTS'), undefined);
    } finally {
      for (const id of ['DAIR_EGGS_LIQUID', 'DAIR_DESSERTS_CUSTARD', 'DAIR_DESSERTS_POTS']) {
        await db.update(products).set({ discontinued: false }).where(eq(products.categoryId, id));
      }
    }
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
