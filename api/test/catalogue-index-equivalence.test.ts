// test:api:embedded: the search index against the SQL it replaces, on each engine.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Range } from '../src/accounts/ship-tos';
import type { Database } from '../src/db/client';
import { datedPrices, prices, products, promotions, users, volumeTiers } from '../src/db/schema';
import { paidPrices } from '../src/catalogue/paid-prices';
import { pricingToday } from '../src/pricing/price-adjuster';
import { keepCopyOfPriceRules, type PriceRulesCopy } from '../src/pricing/price-rules/price-rules-copy';
import { addDays } from '../src/time/calendar-date';
import { loadRangeCategories, type CategoryNode, type RangeCategories } from '../src/catalogue/categories';
import { filterConditions, inRange } from '../src/catalogue/filters';
import { indexedSearch } from '../src/catalogue/search-index/indexed-search';
import { SearchIndex } from '../src/catalogue/search-index/search-index';
import { runSearchStatement, type StatementResult } from '../src/catalogue/search-statement';
import { selectedValues, SORTS, type FilterKey, type SearchQuery, type SortCode } from '../src/catalogue/search-query';
import { searchProducts } from '../src/catalogue/product-search';
import { searchTsquery, searchWords } from '../src/catalogue/search-text';
import { createTestDatabase } from './support/test-database';
import { MULTI } from './support/catalogue';

/** A generated catalogue larger than the demo's, so broad words match hundreds of products across many pages. */
const PRODUCTS = 3_000;
const CASES = 400;

const TERMS = ['', 'milk', 'cheese', 'chedar', 'semi sk', 'c', 'ch', 'mild cheddar', 'Crème Fraîche', '100001', '12 x 1', 'organic butter',
  'greek yogurt', 'zzzz', 'brie', 'cream', 'double cream', 'mozarella', 'frozen', 'pasta', 'pizza', 'salted', 'block', 'tub', 'harrow farm',
  'skimmed milk 2', 'ice', 'meadowvale', 'alpine', 'reserve cheddar'];
const BRANDS = ['Meadowvale', 'Harrow Farm', 'Brookfield', 'Northwold'];
const PACK_TYPES = ['Bottle', 'Block', 'Tub', 'Bag-in-box'];

/** The same deterministic generator the seed uses, so a failure names a case that reruns identically. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(rng: () => number, values: readonly T[]): T => values[Math.floor(rng() * values.length)] as T;

/**
 * Allergens and dietary flags spread over the generated products by a hash of the code: per allergen contained,
 * may contain, free or not supplied, so the food filters and facets meet every case; 'lupin' held by none.
 */
const FOOD_DATA = sql`update products set
  allergens_contained = array_remove(array[case when abs(hashtext(code || 'm')) % 4 = 0 then 'milk' end,
    case when abs(hashtext(code || 'e')) % 5 = 0 then 'eggs' end], null),
  allergens_may_contain = array_remove(array[case when abs(hashtext(code || 'p')) % 6 = 0 then 'peanuts' end,
    case when abs(hashtext(code || 'e')) % 5 = 1 then 'eggs' end], null),
  allergens_free = array_remove(array[case when abs(hashtext(code || 'm')) % 4 = 1 then 'milk' end,
    case when abs(hashtext(code || 'e')) % 5 in (2, 3) then 'eggs' end, case when abs(hashtext(code || 'p')) % 6 > 1 then 'peanuts' end,
    case when abs(hashtext(code || 's')) % 3 = 0 then 'sesame' end], null),
  dietary = array_remove(array[case when abs(hashtext(code || 'v')) % 3 = 0 then 'vegetarian' end,
    case when abs(hashtext(code || 'v')) % 6 = 0 then 'vegan' end, case when abs(hashtext(code || 'h')) % 4 = 0 then 'halal' end], null)`;
const FOOD_ALLERGENS = ['milk', 'eggs', 'peanuts', 'sesame', 'lupin'];
const DIETARY = ['vegetarian', 'vegan', 'halal', 'kosher'];

/** Facet counts come in no particular order from either side; the answer's facets sort them. */
const comparable = (result: StatementResult) => ({
  ...result,
  facetCounts: [...result.facetCounts].sort((a, b) => `${a.facet}\u0000${a.value}`.localeCompare(`${b.facet}\u0000${b.value}`)),
});

describe('search index: the same answers as the search statement on a generated catalogue', () => {
  let database: Database;
  let index: SearchIndex;
  let copy: PriceRulesCopy;
  let multiId: number;
  const categories = new Map<Range, RangeCategories>();
  before(async () => {
    database = await createTestDatabase({ products: PRODUCTS });
    await database.db.execute(FOOD_DATA);
    index = new SearchIndex(database, { catalogueChanged: () => undefined, log: { info: () => undefined, warn: () => undefined } });
    await index.start();
    for (const range of ['DAIR', 'CHIL'] as const) categories.set(range, await loadRangeCategories(database.db, range));
    const [multi] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, MULTI.username));
    multiId = multi?.id ?? -1;
    copy = keepCopyOfPriceRules(database, { warn: () => undefined });
    await copy.start();
    const last = await addPriceRules(database);
    // The copy has every rule once it holds the last one written.
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
      await copy.settled();
      if (copy.rulesFor(MULTI.soldTo, [last])?.get(last.code)?.dated.length) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  after(async () => {
    await copy.close();
    await index.close();
    await database.close();
  });

  it(`gives identical pages, totals, facet counts and prices for ${CASES} searches`, async () => {
    assert.notEqual(index.store, null, 'the index was built');
    const answered = await compareCases(random(20261123), CASES);
    assert.ok(answered > CASES / 4, `most cases find products (${answered} of ${CASES})`);
  });

  it('finds as special offers the products with an offer the caller can have today, and sorts by the price paid', async () => {
    const range: Range = 'DAIR';
    const rangeCategories = categories.get(range);
    assert.ok(rangeCategories);
    const claim = { userId: multiId, shipTo: MULTI.shipTo, range, soldTo: undefined };
    const search = async (withClaim: boolean, sort: SortCode, filters: SearchQuery['filters']) => {
      const result = await searchProducts(database.db, index, range, withClaim ? claim : null, rangeCategories, {
        query: { freeText: '', sort, filters },
        currentPage: 0,
        pageSize: PRODUCTS,
      }, new Date());
      assert.ok(result.ok);
      return result.value;
    };
    const offers = [{ key: 'collection' as const, value: 'specialoffers' }];
    const inRangeCodes = new Set((await search(false, 'name-asc', [])).products.map((p) => p.code));
    const targets = async (code: string) => (await database.db.select({ targets: promotions.targets }).from(promotions).where(eq(promotions.code, code)))[0]?.targets ?? [];
    const own = (await targets('EQ-OWN')).filter((code) => inRangeCodes.has(code));
    assert.ok(own.length > 0, 'the sold-to has offers of its own in the range');
    const reached = copy.offerTargets(null, pricingToday())?.categories ?? new Set<string>();
    const categoryOf = new Map((await database.db.select({ code: products.code, categoryId: products.categoryId }).from(products)).map((row) => [row.code, row.categoryId]));
    const forEveryone = (code: string) => reached.has(categoryOf.get(code) ?? '');
    const offered = new Set((await search(true, 'name-asc', offers)).products.map((p) => p.code));
    for (const code of own) assert.ok(offered.has(code), `${code}: the sold-to's own offer`);
    for (const code of [...(await targets('EQ-GROUP')), ...(await targets('EQ-LATER')), ...(await targets('EQ-ENDED'))]) {
      if (!forEveryone(code)) assert.ok(!offered.has(code), `${code}: no offer it can have today`);
    }
    const anonymous = new Set((await search(false, 'name-asc', offers)).products.map((p) => p.code));
    for (const code of own) if (!forEveryone(code)) assert.ok(!anonymous.has(code), `${code}: another's offer is not a special offer`);
    const facet = (await search(true, 'name-asc', [])).facets.find((f) => f.code === 'collection')?.values.find((v) => v.code === 'specialoffers');
    assert.equal(facet?.count, offered.size, 'the facet counts the special offers');

    for (const sort of ['price-asc', 'price-desc'] as const) {
      const shown = (await search(true, sort, [])).products.map((p) => p.price?.valuePence ?? Number.NaN);
      const inOrder = [...shown].sort((a, b) => (sort === 'price-asc' ? a - b : b - a));
      assert.deepEqual(shown, inOrder, `${sort}: in the order of the prices shown`);
    }
  });

  it('still gives identical answers after products and prices change in the database', async () => {
    const db = database.db;
    // Renamed (they move in name order and in the postings), discontinued, new, repriced.
    await db.execute(sql`update products set name = 'Alpine ' || name || ' Reserve' where code in (select code from products order by code limit 60)`);
    await db.execute(sql`update products set discontinued = true where code in (select code from products order by code desc limit 40)`);
    await db.execute(sql`insert into products (code, name, description, brand, range, category_id, pack_size, pack_type, list_price_pence,
        vat_rate_bp, storage, storage_text, shelf_life_days, collections)
      select 'N' || code, 'Cheddar Milk ' || name, description, brand, range, category_id, pack_size, pack_type, list_price_pence + 7,
        vat_rate_bp, storage, storage_text, shelf_life_days, collections from products order by code limit 80`);
    await db.execute(sql`update prices set price_pence = price_pence + 3 where product_code in (select code from products order by code limit 200)`);
    // A recipe change: some products now hold peanuts, others are newly declared free from milk and vegan.
    await db.execute(sql`update products set allergens_contained = array['peanuts'], allergens_free = array_remove(allergens_free, 'peanuts')
      where code in (select code from products order by code limit 50 offset 300)`);
    await db.execute(sql`update products set allergens_contained = array_remove(allergens_contained, 'milk'),
      allergens_free = array_append(array_remove(allergens_free, 'milk'), 'milk'), dietary = array['vegan']
      where code in (select code from products order by code limit 50 offset 400)`);
    // The last statement's notification has arrived once a repriced product's price shows in the index.
    const [repriced] = await db.select({ code: prices.productCode, pence: prices.pricePence, soldTo: prices.soldToCode }).from(prices).where(eq(prices.productCode, '100001'));
    assert.ok(repriced);
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
      await index.settled();
      if (index.store?.rows.some((row) => row?.name.startsWith('Cheddar Milk ')) && index.pricesOf(repriced.soldTo)?.get(repriced.code) === repriced.pence) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await index.settled();
    const answered = await compareCases(random(7), 150);
    assert.ok(answered > 150 / 4, `most cases find products (${answered} of 150)`);
  });

  /** Runs `count` random searches both ways and compares them; resolves with how many found products. */
  async function compareCases(rng: () => number, count: number): Promise<number> {
    let answered = 0;
    for (let n = 0; n < count; n++) {
      const range: Range = rng() < 0.7 ? 'DAIR' : 'CHIL';
      const rangeCategories = categories.get(range);
      assert.ok(rangeCategories);
      const categoryIds = [...collectIds(rangeCategories)];
      const filters: SearchQuery['filters'] = [];
      const filterCount = Math.floor(rng() * 4);
      for (let f = 0; f < filterCount; f++) {
        const key = pick<FilterKey>(rng, ['category', 'category', 'brand', 'storage', 'packType', 'collection', 'featuredProduct', 'freeFrom', 'dietary', 'avoid']);
        const value =
          key === 'freeFrom' || key === 'avoid'
            ? pick(rng, FOOD_ALLERGENS)
            : key === 'dietary'
              ? pick(rng, DIETARY)
              : key === 'category'
            ? pick(rng, categoryIds)
            : key === 'brand'
              ? pick(rng, BRANDS)
              : key === 'storage'
                ? pick(rng, ['chilled', 'frozen', 'ambient'])
                : key === 'packType'
                  ? pick(rng, PACK_TYPES)
                  : key === 'collection'
                    ? pick(rng, ['specialoffers', 'specialoffers', 'bestsellers'])
                    : 'true';
        filters.push({ key, value });
      }
      const freeText = pick(rng, TERMS);
      const sort = pick(rng, [...SORTS.map((s) => s.code), 'relevance'] as const);
      const pageSize = pick(rng, [20, 7, 100]);
      const currentPage = pick(rng, [0, 0, 1, 3]);
      const claimKind = pick(rng, ['none', 'none', 'held', 'held', 'not held'] as const);
      const claim =
        claimKind === 'none'
          ? null
          : { userId: multiId, shipTo: claimKind === 'held' ? MULTI.shipTo : '0000410001', range, soldTo: undefined };
      const selected = selectedValues({ freeText, sort, filters });
      const tsquery = searchTsquery(searchWords(freeText));
      const paid = claim !== null && sort.startsWith('price') ? (await paidPrices(database.db, claim)).paid : null;
      const page = { claim, today: pricingToday(), limit: pageSize, offset: currentPage * pageSize };
      const label = JSON.stringify({ n, range, freeText, filters, sort, pageSize, currentPage, claimKind });
      const expected = await runSearchStatement(database.db, {
        scope: inRange(range),
        tsquery,
        literals: [],
        filters: filterConditions(selected, rangeCategories),
        sort,
        paid,
        ...page,
      });
      let actual = await indexedSearch(database.db, index, { range, tsquery, hasLiterals: false, selected, categories: rangeCategories, sort, ...page });
      if (actual === null && claimKind === 'held') {
        // The first search with a sold-to starts reading its prices and answers from SQL; the next one has them.
        await index.settled();
        actual = await indexedSearch(database.db, index, { range, tsquery, hasLiterals: false, selected, categories: rangeCategories, sort, ...page });
      }
      assert.ok(actual !== null, `the index answers ${label}`);
      if (claim !== null && expected.soldToCode === null) {
        // Not the caller's ship-to: both find no sold-to, and searchProducts answers 404 before using anything else.
        assert.equal(actual.soldToCode, null, label);
        continue;
      }
      assert.deepEqual(comparable(actual), comparable(expected), label);
      if (expected.total > 0) answered++;
    }
    return answered;
  }

  it('leaves a query that repeats a word as a prefix and exactly to the statement', async () => {
    const rangeCategories = categories.get('DAIR');
    assert.ok(rangeCategories);
    const tsquery = searchTsquery(searchWords('cheddar chedar'));
    const answer = await indexedSearch(database.db, index, {
      range: 'DAIR',
      tsquery,
      hasLiterals: false,
      selected: new Map(),
      categories: rangeCategories,
      sort: 'relevance',
      claim: null,
      today: pricingToday(),
      limit: 20,
      offset: 0,
    });
    assert.equal(answer, null);
  });
});

/**
 * Price rules over the generated catalogue: offers live today for everyone (on categories), for MULTI's sold-to (on
 * products), for a customer group it is not in, one not yet started and one ended early; volume breaks from two cases
 * on products sold by two (which change what a card shows) and from five; dated list prices in force today and next month.
 */
async function addPriceRules(database: Database): Promise<{ code: string; categoryId: string }> {
  const db = database.db;
  const today = pricingToday();
  const codes = (await db.select({ code: products.code, categoryId: products.categoryId }).from(products).orderBy(products.code)).filter((_, i) => i % 7 === 3);
  const slice = (from: number, to: number) => codes.slice(from, to).map((row) => row.code);
  const someCategories = [...new Set(codes.map((row) => row.categoryId))].slice(0, 3);
  const live = { validFrom: addDays(today, -2), validTo: addDays(today, 5) };
  await db.insert(promotions).values([
    { code: 'EQ-CAT', name: 'Category week', kind: 'amountOff', value: 40, who: 'all', what: 'categories', targets: someCategories, ...live },
    { code: 'EQ-OWN', name: 'Yours only', kind: 'percentOff', value: 2500, who: 'soldTos', audience: [MULTI.soldTo], what: 'products', targets: slice(0, 40), ...live },
    { code: 'EQ-GROUP', name: 'Group deal', kind: 'fixedPrice', value: 99, who: 'groups', audience: ['nobody-here'], what: 'products', targets: slice(40, 60), ...live },
    { code: 'EQ-LATER', name: 'Not yet', kind: 'percentOff', value: 5000, who: 'all', what: 'products', targets: slice(60, 80), validFrom: addDays(today, 3), validTo: addDays(today, 9) },
    { code: 'EQ-ENDED', name: 'Ended early', kind: 'percentOff', value: 5000, who: 'all', what: 'products', targets: slice(80, 100), ...live, endedAt: new Date() },
    { code: 'EQ-BUY', name: 'Three for two', kind: 'buyXGetY', buyQuantity: 2, freeQuantity: 1, who: 'all', what: 'products', targets: slice(100, 120), ...live },
  ]);
  // The demo's own breaks and dated prices on these products would stand in the way of these.
  await db.delete(volumeTiers).where(inArray(volumeTiers.productCode, slice(120, 200)));
  await db.delete(datedPrices).where(inArray(datedPrices.productCode, slice(200, 260)));
  await db.insert(volumeTiers).values([
    ...slice(120, 160).map((productCode, i) => ({ productCode, minQuantity: 2, pricePence: 50 + i * 37 })),
    ...slice(160, 180).map((productCode) => ({ productCode, minQuantity: 5, pricePence: 100 })),
    ...slice(180, 200).map((productCode, i) => ({ productCode, soldToCode: MULTI.soldTo, minQuantity: 2, pricePence: 9_000 + i })),
  ]);
  // Sold by two cases at least, so the breaks from two are what their cards show.
  await db.update(products).set({ minOrderQuantity: 2 }).where(inArray(products.code, [...slice(120, 160), ...slice(180, 200)]));
  await db.insert(datedPrices).values([
    ...slice(200, 240).map((productCode, i) => ({ productCode, validFrom: addDays(today, -1), pricePence: 75 + i * 53 })),
    ...slice(240, 260).map((productCode) => ({ productCode, validFrom: addDays(today, 30), pricePence: 1 })),
  ]);
  const last = codes[259];
  assert.ok(last);
  return last;
}

function* collectIds(categories: RangeCategories): Generator<string> {
  const walk = function* (node: CategoryNode): Generator<string> {
    yield node.id;
    for (const child of node.subcategories) yield* walk(child);
  };
  for (const child of categories.tree.subcategories) yield* walk(child);
}
