// test:api:embedded: the food filters' SQL (array containment and overlap, grouping sets by array) both engines must answer alike.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, asc, eq, inArray, not } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { products } from '../src/db/schema';
import { startTestServer, type TestServer } from './support/test-server';
import { search, type SearchBody } from './support/catalogue';
import { createTestDatabase } from './support/test-database';

/** What a group of the test's products was declared as (the rest: nothing supplied). */
interface Declared {
  contained?: string[];
  mayContain?: string[];
  free?: string[];
  dietary?: string[];
}

// Four groups of dairy products, by their place in code order: sizes 6, 4, 2 and 1.
const GROUPS: { size: number; declared: Declared }[] = [
  { size: 6, declared: { free: ['peanuts', 'sesame'], dietary: ['vegetarian', 'vegan'] } },
  { size: 4, declared: { free: ['peanuts'], contained: ['milk'], dietary: ['vegetarian'] } },
  { size: 2, declared: { free: ['milk'], mayContain: ['peanuts'] } },
  { size: 1, declared: { contained: ['peanuts'] } },
];

describe('GET /products/search: free from, dietary and avoid, from the search index and from SQL alike', () => {
  let database: Database;
  let indexed: TestServer;
  let statement: TestServer;
  /** The sellable dairy codes, and those of each group. */
  let dairy: string[];
  let groups: string[][];

  before(async () => {
    database = await createTestDatabase();
    dairy = (
      await database.db
        .select({ code: products.code })
        .from(products)
        .where(and(eq(products.range, 'DAIR'), not(products.discontinued)))
        .orderBy(asc(products.code))
    ).map((row) => row.code);
    // The demo catalogue declares food information of its own: cleared, so the counts are the test's alone.
    await database.db.update(products).set({ allergensContained: [], allergensMayContain: [], allergensFree: [], dietary: [] });
    let at = 0;
    groups = [];
    for (const { size, declared } of GROUPS) {
      const codes = dairy.slice(at, at + size);
      at += size;
      groups.push(codes);
      await database.db
        .update(products)
        .set({
          allergensContained: declared.contained ?? [],
          allergensMayContain: declared.mayContain ?? [],
          allergensFree: declared.free ?? [],
          dietary: declared.dietary ?? [],
        })
        .where(inArray(products.code, codes));
    }
    // Both on one database, built after the food data: one answers from its index, the other by the statement.
    indexed = await startTestServer({ database, env: { SEARCH_INDEX: 'on' } });
    statement = await startTestServer({ database, env: { SEARCH_INDEX: 'off' } });
  });
  after(async () => {
    await indexed.app.close();
    await statement.close();
  });

  const engines = () => [
    ['index', indexed],
    ['SQL', statement],
  ] as const;
  const group = (i: number) => groups[i] ?? [];
  // The support's SearchFacet leaves out the names, which these facets are also about.
  const facet = (body: SearchBody, code: string) =>
    body.facets.find((f) => f.code === code) as (SearchBody['facets'][number] & { name: string; values: { name: string }[] }) | undefined;
  const countsOf = (body: SearchBody, code: string) => Object.fromEntries(facet(body, code)?.values.map((v) => [v.code, v.count]) ?? []);
  const codesOf = (body: SearchBody) => body.products.map((p) => p.code).sort();
  const find = async (server: TestServer, query: string) => {
    const answer = await search(server, { salesOrg: 'DAIR', query, pageSize: '100' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body;
  };

  it('counts free-from per allergen (free only) and dietary per flag, named for customers', async () => {
    for (const [engine, server] of engines()) {
      const body = await find(server, ':name-asc');
      assert.deepEqual(countsOf(body, 'freeFrom'), { peanuts: 10, sesame: 6, milk: 2 }, engine);
      assert.deepEqual(countsOf(body, 'dietary'), { vegetarian: 10, vegan: 6 }, engine);
      const freeFrom = facet(body, 'freeFrom');
      assert.equal(freeFrom?.name, 'Free from', engine);
      assert.deepEqual(
        freeFrom?.values.map((v) => v.name),
        ['Peanuts', 'Sesame', 'Milk'],
        engine,
      );
      assert.equal(facet(body, 'dietary')?.name, 'Dietary', engine);
      assert.equal(facet(body, 'avoid'), undefined, `${engine}: avoid is no facet`);
    }
  });

  it('keeps only products free from every selected allergen, and counts what one more would leave', async () => {
    for (const [engine, server] of engines()) {
      const one = await find(server, ':name-asc:freeFrom:peanuts');
      assert.deepEqual(codesOf(one), [...group(0), ...group(1)].sort(), engine);
      assert.equal(one.pagination.totalResults, 10, engine);
      const peanuts = facet(one, 'freeFrom')?.values.find((v) => v.code === 'peanuts');
      assert.equal(peanuts?.count, one.pagination.totalResults, `${engine}: the selected value's count is the results'`);
      assert.equal(peanuts?.selected, true, engine);
      assert.equal(peanuts?.query.query.value, ':name-asc', `${engine}: selecting it again drops it`);
      assert.deepEqual(countsOf(one, 'freeFrom'), { peanuts: 10, sesame: 6 }, engine);
      assert.deepEqual(countsOf(one, 'dietary'), { vegetarian: 10, vegan: 6 }, engine);

      const both = await find(server, ':name-asc:freeFrom:peanuts:freeFrom:sesame');
      assert.deepEqual(codesOf(both), [...group(0)].sort(), `${engine}: every value must hold`);
      const none = await find(server, ':name-asc:freeFrom:sesame:freeFrom:milk');
      assert.equal(none.pagination.totalResults, 0, engine);
      // Selected values stay listed, so they can be switched off.
      assert.deepEqual(countsOf(none, 'freeFrom'), { sesame: 0, milk: 0 }, engine);
    }
  });

  it('keeps only products carrying every selected dietary flag', async () => {
    for (const [engine, server] of engines()) {
      const vegetarian = await find(server, ':name-asc:dietary:vegetarian');
      assert.deepEqual(codesOf(vegetarian), [...group(0), ...group(1)].sort(), engine);
      const both = await find(server, ':name-asc:dietary:vegetarian:dietary:vegan');
      assert.deepEqual(codesOf(both), [...group(0)].sort(), engine);
      assert.deepEqual(countsOf(both, 'dietary'), { vegetarian: 6, vegan: 6 }, engine);
      const withFree = await find(server, ':name-asc:dietary:vegetarian:freeFrom:milk');
      assert.equal(withFree.pagination.totalResults, 0, engine);
    }
  });

  it('drops products that contain or may contain an avoided allergen, keeping those with nothing supplied', async () => {
    for (const [engine, server] of engines()) {
      const peanuts = await search(server, { salesOrg: 'DAIR', query: ':name-asc:avoid:peanuts', pageSize: '100' });
      assert.equal(peanuts.status, 200);
      assert.equal(peanuts.body.pagination.totalResults, dairy.length - 3, `${engine}: the 2 that may contain and the 1 that contains`);
      const pages = [];
      for (let page = 0; page * 100 < peanuts.body.pagination.totalResults; page++) {
        const { body } = await search(server, { salesOrg: 'DAIR', query: ':name-asc:avoid:peanuts', pageSize: '100', currentPage: String(page) });
        pages.push(...body.products.map((p) => p.code));
      }
      for (const code of [...group(2), ...group(3)]) assert.ok(!pages.includes(code), `${engine}: ${code} dropped`);
      assert.equal(facet(peanuts.body, 'avoid'), undefined, engine);
      assert.deepEqual(countsOf(peanuts.body, 'freeFrom'), { peanuts: 10, sesame: 6 }, `${engine}: counts after the avoid`);

      const two = await find(server, ':name-asc:freeFrom:peanuts:avoid:milk');
      assert.deepEqual(codesOf(two), [...group(0)].sort(), `${engine}: avoid milk drops the ones containing it`);
      const several = await find(server, ':name-asc:dietary:vegetarian:avoid:milk:avoid:peanuts');
      assert.deepEqual(codesOf(several), [...group(0)].sort(), `${engine}: any avoided allergen drops a product`);
    }
  });

  it('gives the same answers, facets and pages from the index and from SQL, with free text and other facets', async () => {
    const queries = [
      'cheese:relevance:freeFrom:peanuts',
      'milk:relevance:avoid:milk',
      ':name-asc:category:DAIR_CHEESE:freeFrom:sesame',
      ':price-asc:brand:Meadowvale:dietary:vegetarian:avoid:peanuts',
      ':name-desc:storage:chilled:freeFrom:peanuts:freeFrom:sesame:dietary:vegan',
      'yog:relevance:avoid:eggs:avoid:peanuts',
    ];
    for (const query of queries) {
      const [fromIndex, fromStatement] = await Promise.all([find(indexed, query), find(statement, query)]);
      assert.deepEqual(fromIndex, fromStatement, query);
    }
  });

  it('refuses an unknown allergen or flag with a 400 naming the query', async () => {
    for (const [engine, server] of engines()) {
      for (const query of [':name-asc:freeFrom:peanut', ':name-asc:dietary:paleo', ':name-asc:avoid:nuts', ':name-asc:freeFrom:']) {
        const { status, body } = await search(server, { salesOrg: 'DAIR', query });
        assert.equal(status, 400, `${engine} ${query}`);
        assert.ok(body.errors?.some((e) => e.subject === 'query'), `${engine} ${query}: ${JSON.stringify(body.errors)}`);
      }
    }
  });
});
