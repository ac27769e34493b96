// test:api:embedded: facet counts in SQL both engines must answer alike.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, not } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { categories, products, promotions } from '../src/db/schema';
import { pricingToday } from '../src/pricing/price-adjuster';
import { priceRulesCopyOf } from '../src/pricing/price-rules/price-rules-copy';
import { addDays } from '../src/time/calendar-date';
import { startTestServer, type TestServer } from './support/test-server';
import { search, type SearchBody } from './support/catalogue';

type Row = { code: string; categoryId: string; parentId: string | null; brand: string; storage: string; packType: string; collections: string[]; featured: boolean };

describe('GET /products/search: facets and filters', () => {
  let server: TestServer;
  let dairy: Row[];
  before(async () => {
    server = await startTestServer();
    dairy = await server.database.db
      .select({
        code: products.code,
        categoryId: products.categoryId,
        parentId: categories.parentId,
        brand: products.brand,
        storage: products.storage,
        packType: products.packType,
        collections: products.collections,
        featured: products.featured,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(products.range, 'DAIR'), not(products.discontinued)));
    // Special offers are the products with a promotion for everyone live today (docs/pricing.md "Special offers in
    // search"), whatever the import's marks: worked out here from the promotions, walking up the category tree.
    const db = server.database.db;
    const today = pricingToday();
    await db.insert(promotions).values({
      code: `FACETS-${randomUUID().slice(0, 8)}`, name: 'Cheese week', kind: 'percentOff', value: 1000, who: 'all', what: 'categories',
      targets: ['DAIR_CHEESE'], validFrom: today, validTo: addDays(today, 2),
    });
    const live = (await db.select().from(promotions)).filter((p) => p.endedAt === null && p.who === 'all' && p.validFrom <= today && p.validTo >= today);
    const parents = new Map((await db.select({ id: categories.id, parentId: categories.parentId }).from(categories)).map((c) => [c.id, c.parentId]));
    const above = (id: string | null): string[] => (id === null ? [] : [id, ...above(parents.get(id) ?? null)]);
    const offered = (row: Row) => live.some((p) => (p.what === 'products' ? p.targets.includes(row.code) : above(row.categoryId).some((id) => p.targets.includes(id))));
    dairy = dairy.map((row) => ({ ...row, collections: [...row.collections.filter((c) => c !== 'specialoffers'), ...(offered(row) ? ['specialoffers'] : [])] }));
    assert.ok(dairy.some((row) => row.collections.includes('specialoffers')));
    // The search index asks the price rules' copy, which reads the rules again on hearing of the change.
    const copy = priceRulesCopyOf(db);
    for (const deadline = Date.now() + 5_000; Date.now() < deadline && copy?.offerTargets(null, today)?.categories.has('DAIR_CHEESE') !== true; ) {
      await copy?.settled();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  after(() => server.close());

  const facet = (body: SearchBody, code: string) => body.facets.find((f) => f.code === code);
  const countsOf = (body: SearchBody, code: string) => new Map(facet(body, code)?.values.map((v) => [v.code, v.count]));
  const tally = (rows: Row[], key: (row: Row) => string[]) => {
    const counts = new Map<string, number>();
    for (const row of rows) for (const value of key(row)) counts.set(value, (counts.get(value) ?? 0) + 1);
    return counts;
  };

  it('counts each facet against the other selected filters and marks the selected values', async () => {
    const { status, body } = await search(server, { salesOrg: 'DAIR', query: ':name-asc:category:DAIR_CHEESE:brand:Meadowvale:brand:Brookfield' });
    assert.equal(status, 200);
    const inCheese = (r: Row) => r.parentId === 'DAIR_CHEESE';
    const ofBrands = (r: Row) => r.brand === 'Meadowvale' || r.brand === 'Brookfield';
    // brand facet: counted over cheese only (its own filter ignored)
    assert.deepEqual(countsOf(body, 'brand'), tally(dairy.filter(inCheese), (r) => [r.brand]));
    // category facet: counted over the two brands only, leaves rolled up into their parents
    const categoryCounts = tally(dairy.filter(ofBrands), (r) => [r.categoryId, r.parentId ?? '']);
    assert.deepEqual(countsOf(body, 'category'), categoryCounts);
    // other facets: both filters apply
    const both = dairy.filter((r) => inCheese(r) && ofBrands(r));
    assert.deepEqual(countsOf(body, 'storage'), tally(both, (r) => [r.storage]));
    assert.deepEqual(countsOf(body, 'packType'), tally(both, (r) => [r.packType]));
    assert.deepEqual(countsOf(body, 'collection'), tally(both, (r) => r.collections));
    assert.equal(body.pagination.totalResults, both.length);

    const selected = body.facets.flatMap((f) => f.values.filter((v) => v.selected).map((v) => `${f.code}:${v.code}`));
    assert.deepEqual(selected.sort(), ['brand:Brookfield', 'brand:Meadowvale', 'category:DAIR_CHEESE']);
  });

  it('gives every value the query that toggles it', async () => {
    const { body } = await search(server, { salesOrg: 'DAIR', query: 'cheese:name-asc:brand:Meadowvale' });
    const meadowvale = facet(body, 'brand')?.values.find((v) => v.code === 'Meadowvale');
    assert.equal(meadowvale?.query.query.value, 'cheese:name-asc');
    const chilled = facet(body, 'storage')?.values.find((v) => v.code === 'chilled');
    assert.equal(chilled?.query.query.value, 'cheese:name-asc:brand:Meadowvale:storage:chilled');
    // following a toggle query gives a consistent answer
    const next = await search(server, { salesOrg: 'DAIR', query: chilled?.query.query.value ?? '' });
    assert.equal(next.status, 200);
    assert.equal(next.body.pagination.totalResults, chilled?.count);
  });

  it('filters featured products and collections (docs/storefront-requirements.md §9)', async () => {
    const featured = await search(server, { salesOrg: 'DAIR', query: ':name-asc:featuredProduct:true', pageSize: '100' });
    assert.equal(featured.body.pagination.totalResults, dairy.filter((r) => r.featured).length);
    assert.ok(featured.body.products.every((p) => p.featured));
    for (const collection of ['specialoffers', 'bestsellers']) {
      const { body } = await search(server, { salesOrg: 'DAIR', query: `:name-asc:collection:${collection}`, pageSize: '100' });
      assert.equal(body.pagination.totalResults, dairy.filter((r) => r.collections.includes(collection)).length);
      const inCollection = new Set(dairy.filter((r) => r.collections.includes(collection)).map((r) => r.code));
      assert.ok(body.products.every((p) => inCollection.has(p.code)));
    }
  });

  it('keeps a selected value listed with 0 when nothing matches, and a category of the other range matches nothing', async () => {
    const { status, body } = await search(server, { salesOrg: 'DAIR', query: ':name-asc:category:CHIL_MEAT:brand:No Such Brand' });
    assert.equal(status, 200);
    assert.equal(body.pagination.totalResults, 0);
    assert.equal(facet(body, 'brand')?.values.find((v) => v.code === 'No Such Brand')?.count, 0);
    assert.equal(facet(body, 'category')?.values.find((v) => v.code === 'CHIL_MEAT')?.selected, true);
  });
});
