import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { categories, prices, products } from '../src/db/schema';
import { createTestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';
import { MULTI, search, type SearchBody } from './support/catalogue';

/** The brief: a change to products, prices or categories shows in every process's searches within a second. */
const FRESH_WITHIN_MS = 1_000;

/**
 * Runs `probe` until it passes or a second has gone by since the change was committed, failing with its
 * last error then.
 */
async function within(probe: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + FRESH_WITHIN_MS;
  for (;;) {
    try {
      await probe();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

const codes = (body: SearchBody) => body.products.map((p) => p.code);

describe('search index: changes made straight in the database show in searches of every API process', () => {
  let first: TestServer;
  let second: TestServer;
  let multi: string;
  before(async () => {
    // Two API processes' worth of apps over one database, each with its own index.
    const database = await createTestDatabase();
    first = await startTestServer({ database });
    second = await startTestServer({ database });
    multi = await first.tokenFor(MULTI.username);
  });
  after(async () => {
    await second.app.close();
    await first.close();
  });

  const both = (params: Record<string, string>, check: (body: SearchBody) => void) =>
    within(async () => {
      for (const server of [first, second]) {
        const { status, body } = await search(server, params, multi);
        assert.equal(status, 200);
        check(body);
      }
    });

  it('finds a renamed product, then loses it when it is discontinued', async () => {
    const db = first.database.db;
    const [product] = await db.select({ code: products.code }).from(products).where(eq(products.range, 'DAIR')).limit(1);
    assert.ok(product);
    assert.equal((await search(first, { salesOrg: 'DAIR', query: 'zebrafrost' })).body.pagination.totalResults, 0);
    await db.update(products).set({ name: 'Zebrafrost Cheddar' }).where(eq(products.code, product.code));
    await both({ salesOrg: 'DAIR', query: 'zebrafrost' }, (body) => assert.deepEqual(codes(body), [product.code]));
    await db.update(products).set({ discontinued: true }).where(eq(products.code, product.code));
    await both({ salesOrg: 'DAIR', query: 'zebrafrost' }, (body) => assert.equal(body.pagination.totalResults, 0));
  });

  it('finds a product inserted by SQL, with its facet counted', async () => {
    const db = first.database.db;
    const [template] = await db.select().from(products).where(eq(products.range, 'DAIR')).limit(1);
    assert.ok(template);
    const { searchText: _text, searchDocument: _document, ...row } = template;
    await db.insert(products).values({ ...row, code: '990001', name: 'Quokkaberry Yogurt', brand: 'Quokka Dairy', discontinued: false });
    await both({ salesOrg: 'DAIR', query: 'quokkaberry' }, (body) => {
      assert.deepEqual(codes(body), ['990001']);
      const brand = body.facets.find((facet) => facet.code === 'brand');
      assert.deepEqual(brand?.values.map((v) => [v.code, v.count]), [['Quokka Dairy', 1]]);
    });
  });

  it('prices a product at its changed customer price, and at list price once that price is deleted', async () => {
    const db = first.database.db;
    const query = { salesOrg: 'DAIR', shipTo: MULTI.shipTo, query: 'milk', pageSize: '1' };
    // The first priced searches read the sold-to's prices into each index.
    let code = '';
    await both(query, (body) => {
      code = body.products[0]?.code ?? '';
    });
    assert.notEqual(code, '');
    await db
      .insert(prices)
      .values({ soldToCode: MULTI.soldTo, productCode: code, pricePence: 12_345 })
      .onConflictDoUpdate({ target: [prices.soldToCode, prices.productCode], set: { pricePence: 12_345 } });
    await both(query, (body) => assert.equal(body.products[0]?.price?.valuePence, 12_345));
    const [listed] = await db.select({ pence: products.listPricePence }).from(products).where(eq(products.code, code));
    await db.delete(prices).where(sql`${prices.soldToCode} = ${MULTI.soldTo} and ${prices.productCode} = ${code}`);
    await both(query, (body) => assert.equal(body.products[0]?.price?.valuePence, listed?.pence));
  });

  it('finds products by a renamed category and shows the new name in the facet', async () => {
    const db = first.database.db;
    await db.update(categories).set({ name: 'Wombat cheeses' }).where(eq(categories.id, 'DAIR_CHEESE'));
    await both({ salesOrg: 'DAIR', query: 'wombat', pageSize: '1' }, (body) => {
      assert.ok(body.pagination.totalResults > 0);
      const category = body.facets.find((facet) => facet.code === 'category');
      assert.ok(category?.values.some((v) => v.code === 'DAIR_CHEESE' && v.name === 'Wombat cheeses'));
    });
  });
});
