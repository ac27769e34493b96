import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { Range } from '../src/accounts/ship-tos';
import { RangeCategories } from '../src/catalogue/categories';
import type { CountRow } from '../src/catalogue/facets';
import type { OfferTargets } from '../src/pricing/price-rules/price-rules-copy';
import { runIndexQuery } from '../src/catalogue/search-index/index-query';
import { ProductStore, type ProductFields } from '../src/catalogue/search-index/product-store';
import { compareText } from '../src/catalogue/search-index/text-order';
import { topK } from '../src/catalogue/search-index/top-k';
import { selectedValues, SORTS, type FilterKey, type SearchQuery, type SortCode } from '../src/catalogue/search-query';
import { foodMarkBits, foodMarks, type FoodMarks } from '../src/food-info/food-marks';
import { ALLERGENS, type Allergen } from '../src/food-info/allergens';

/**
 * The index's own structures (slot sets per range and facet value, facet counting over them, top-k) against a
 * brute-force answer worked out from the products themselves, on random catalogues with random changes. The
 * comparison with PostgreSQL is catalogue-index-equivalence.test.ts; this one needs no database and reaches
 * shapes a generated catalogue rarely has (empty slots after changes, ties in name and price, unknown values).
 */

const LEAVES: Record<Range, string[]> = { DAIR: ['D_MILK_WHOLE', 'D_MILK_SKIM', 'D_CHEESE_HARD'], CHIL: ['C_READY', 'C_DIPS'] };
const TREE: Record<Range, { id: string; parentId: string | null }[]> = {
  DAIR: [
    { id: 'DAIR', parentId: null },
    { id: 'D_MILK', parentId: 'DAIR' },
    { id: 'D_MILK_WHOLE', parentId: 'D_MILK' },
    { id: 'D_MILK_SKIM', parentId: 'D_MILK' },
    { id: 'D_CHEESE', parentId: 'DAIR' },
    { id: 'D_CHEESE_HARD', parentId: 'D_CHEESE' },
  ],
  CHIL: [
    { id: 'CHIL', parentId: null },
    { id: 'C_READY', parentId: 'CHIL' },
    { id: 'C_DIPS', parentId: 'CHIL' },
  ],
};
const BRANDS = ['Meadowvale', 'Harrow Farm', 'Brookfield'];
const STORAGES = ['chilled', 'frozen', 'ambient'];
const PACK_TYPES = ['Bottle', 'Block', 'Tub'];
const COLLECTIONS = ['specialoffers', 'bestsellers'];
const NAMES = ['Milk', 'Mild Cheddar', 'milk', 'Édam', 'Zest', 'Brie'];
// A few of the allergens and flags, so that filters often match and often do not.
const FOOD_ALLERGENS = ['milk', 'peanuts', 'eggs'];
const listed = (p: ProductFields, list: keyof FoodMarks, value: string) => ((foodMarks(p.foodMarkBits)[list] ?? []) as readonly string[]).includes(value);
const declaredFree = (p: ProductFields) => ALLERGENS.filter((allergen) => !['contains', 'mayContain', 'notSupplied'].some((list) => listed(p, list as keyof FoodMarks, allergen)));
const DIETARY = ['vegan', 'halal'];

const categoriesOf = (range: Range) =>
  new RangeCategories(
    range,
    TREE[range].map((row) => ({ ...row, name: row.id, stocked: true })),
  );

interface Product {
  fields: ProductFields;
  listPricePence: number;
  sellable: boolean;
}

const productArbitrary = (code: string) =>
  fc
    .record({
      range: fc.constantFrom<Range>('DAIR', 'CHIL'),
      leaf: fc.nat(2),
      name: fc.constantFrom(...NAMES),
      brand: fc.constantFrom(...BRANDS),
      storage: fc.constantFrom(...STORAGES),
      packType: fc.constantFrom(...PACK_TYPES),
      collections: fc.subarray(COLLECTIONS),
      featured: fc.boolean(),
      listPricePence: fc.constantFrom(100, 250, 999),
      sellable: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
      // Per allergen: contains, may contain, free or not supplied.
      allergens: fc.tuple(...FOOD_ALLERGENS.map(() => fc.constantFrom('contained', 'mayContain', 'free', 'none'))),
      dietary: fc.subarray(DIETARY),
    })
    .map(
      (p): Product => ({
        fields: {
          code,
          name: p.name,
          brand: p.brand,
          range: p.range,
          categoryId: LEAVES[p.range][p.leaf % LEAVES[p.range].length] ?? '',
          packSize: '1 x 1',
          packType: p.packType,
          salesUnit: 'case',
          vatRateBp: 0,
          storage: p.storage,
          storageText: p.storage,
          shelfLifeDays: 7,
          minOrderQuantity: 1,
          stockStatus: 'inStock',
          featured: p.featured,
          collections: p.collections,
          discontinued: false,
          foodMarkBits: foodMarkBits({
            contains: FOOD_ALLERGENS.filter((_, i) => p.allergens[i] === 'contained'),
            mayContain: FOOD_ALLERGENS.filter((_, i) => p.allergens[i] === 'mayContain'),
            free: FOOD_ALLERGENS.filter((_, i) => p.allergens[i] === 'free'),
            dietary: p.dietary,
          }),
        },
        listPricePence: p.listPricePence,
        sellable: p.sellable,
      }),
    );

const catalogueArbitrary = fc.integer({ min: 0, max: 120 }).chain((size) => {
  const codes = Array.from({ length: size }, (_, i) => String(100_001 + i));
  return fc.record({
    first: fc.tuple(...codes.map(productArbitrary)),
    // Later changes to some of the products (moved to a new slot, or no longer sellable), as the notifications bring them.
    changes: size === 0 ? fc.constant([]) : fc.array(fc.nat(size - 1).chain((i) => productArbitrary(codes[i] ?? '')), { maxLength: 40 }),
  });
});

const queryArbitrary = fc.record({
  range: fc.constantFrom<Range>('DAIR', 'CHIL'),
  filters: fc.array(
    fc.oneof(
      fc.record({ key: fc.constant<FilterKey>('category'), value: fc.constantFrom(...TREE.DAIR.map((c) => c.id), ...TREE.CHIL.map((c) => c.id), 'NOPE') }),
      fc.record({ key: fc.constant<FilterKey>('brand'), value: fc.constantFrom(...BRANDS, 'Nobody') }),
      fc.record({ key: fc.constant<FilterKey>('storage'), value: fc.constantFrom(...STORAGES) }),
      fc.record({ key: fc.constant<FilterKey>('packType'), value: fc.constantFrom(...PACK_TYPES) }),
      fc.record({ key: fc.constant<FilterKey>('collection'), value: fc.constantFrom(...COLLECTIONS) }),
      fc.record({ key: fc.constant<FilterKey>('featuredProduct'), value: fc.constant('true') }),
      fc.record({ key: fc.constant<FilterKey>('freeFrom'), value: fc.constantFrom(...FOOD_ALLERGENS, 'sesame') }),
      fc.record({ key: fc.constant<FilterKey>('dietary'), value: fc.constantFrom(...DIETARY, 'kosher') }),
      fc.record({ key: fc.constant<FilterKey>('avoid'), value: fc.constantFrom(...FOOD_ALLERGENS, 'sesame') }),
    ),
    { maxLength: 4 },
  ),
  sort: fc.constantFrom<SortCode>(...SORTS.map((s) => s.code)),
  // What today's offers are on (PriceRulesCopy.offerTargets): the special offers, whatever the products' marks say.
  offers: fc.record({
    products: fc.uniqueArray(fc.integer({ min: 100_001, max: 100_130 }).map(String), { maxLength: 30 }).map((codes) => new Set(codes)),
    categories: fc.subarray([...TREE.DAIR.map((c) => c.id), ...TREE.CHIL.map((c) => c.id), 'NOPE']).map((ids) => new Set(ids)),
  }),
  offset: fc.nat(30),
  limit: fc.integer({ min: 1, max: 25 }),
});

/** What the search statement would answer, from the products' latest state (no free text, so no ranks). */
function bruteForce(products: Map<string, Product>, query: { range: Range; filters: SearchQuery['filters']; sort: SortCode; offers: OfferTargets; offset: number; limit: number }) {
  const offered = ({ fields: p }: Product) => query.offers.products.has(p.code) || query.offers.categories.has(p.categoryId);
  const inCollection = (p: Product, value: string) => (value === 'specialoffers' ? offered(p) : p.fields.collections.includes(value));
  const categories = categoriesOf(query.range);
  const selected = selectedValues({ freeText: '', sort: query.sort, filters: query.filters });
  const passes = (product: Product, key: FilterKey, values: string[]): boolean => {
    const p = product.fields;
    switch (key) {
      case 'category':
        return values.some((id) => categories.descendants(id).includes(p.categoryId));
      case 'brand':
        return values.includes(p.brand);
      case 'storage':
        return values.includes(p.storage);
      case 'packType':
        return values.includes(p.packType);
      case 'collection':
        return values.some((value) => inCollection(product, value));
      case 'featuredProduct':
        return p.featured;
      case 'freeFrom':
        return values.every((value) => declaredFree(p).includes(value as Allergen));
      case 'dietary':
        return values.every((value) => listed(p, 'dietary', value));
      case 'avoid':
        return !values.some((value) => listed(p, 'contains', value) || listed(p, 'mayContain', value));
    }
  };
  const inRange = [...products.values()].filter((p) => p.sellable && p.fields.range === query.range);
  const passingAllBut = (p: Product, except?: FilterKey) => [...selected].every(([key, values]) => key === except || passes(p, key, values));
  const counts = new Map<string, number>();
  const add = (facet: string, value: string) => counts.set(`${facet}\u0000${value}`, (counts.get(`${facet}\u0000${value}`) ?? 0) + 1);
  for (const p of inRange) {
    if (passingAllBut(p, 'category')) add('category', p.fields.categoryId);
    if (passingAllBut(p, 'brand')) add('brand', p.fields.brand);
    if (passingAllBut(p, 'storage')) add('storage', p.fields.storage);
    if (passingAllBut(p, 'packType')) add('packType', p.fields.packType);
    if (passingAllBut(p, 'collection')) for (const value of COLLECTIONS) if (inCollection(p, value)) add('collection', value);
    // Values that must all hold: counted over what passes every filter, their own included.
    if (passingAllBut(p)) {
      for (const value of declaredFree(p.fields)) add('freeFrom', value);
      for (const value of foodMarks(p.fields.foodMarkBits).dietary ?? []) add('dietary', value);
    }
  }
  const found = inRange.filter((p) => passingAllBut(p));
  const byName = (a: Product, b: Product) => compareText(a.fields.name, b.fields.name) || compareText(a.fields.code, b.fields.code);
  const order: Record<SortCode, (a: Product, b: Product) => number> = {
    relevance: byName,
    'name-asc': byName,
    'name-desc': (a, b) => byName(b, a),
    'price-asc': (a, b) => a.listPricePence - b.listPricePence || byName(a, b),
    'price-desc': (a, b) => b.listPricePence - a.listPricePence || byName(a, b),
  };
  const page = [...found].sort(order[query.sort]).slice(query.offset, query.offset + query.limit);
  return { total: found.length, codes: page.map((p) => p.fields.code), counts: [...counts].sort() };
}

const countsOf = (rows: CountRow[]) => rows.map((row): [string, number] => [`${row.facet}\u0000${row.value}`, row.n]).sort();

describe('search index structures against a brute-force count', () => {
  it('facet counts, totals and pages of browsing with filters match counting every product, after changes too', () => {
    fc.assert(
      fc.property(catalogueArbitrary, fc.array(queryArbitrary, { minLength: 1, maxLength: 5 }), ({ first, changes }, queries) => {
        const store = new ProductStore();
        const latest = new Map<string, Product>();
        const put = (p: Product, bulk: boolean) => {
          store.put({ row: p.fields, listPricePence: p.listPricePence, document: '', sellable: p.sellable }, bulk);
          latest.set(p.fields.code, p);
        };
        for (const p of first) put(p, true);
        store.buildPostings();
        for (const p of changes) put(p, false);
        for (const query of queries) {
          const selected = selectedValues({ freeText: '', sort: query.sort, filters: query.filters });
          const answer = runIndexQuery(store, {
            range: query.range,
            text: undefined,
            selected,
            categories: categoriesOf(query.range),
            sort: query.sort,
            prices: null,
            offers: query.offers,
            paid: null,
            limit: query.limit,
            offset: query.offset,
          });
          assert.ok(answer);
          const expected = bruteForce(latest, query);
          assert.equal(answer.total, expected.total);
          assert.deepEqual(answer.rows.map((row) => row.code), expected.codes);
          assert.deepEqual(countsOf(answer.facetCounts), expected.counts);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('topK gives the first k of a full sort by primary then secondary, ties in the primary included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 200 }),
        fc.integer({ min: 0, max: 60 }),
        (primaries, k) => {
          const n = primaries.length;
          const primary = Float64Array.from(primaries);
          // Distinct secondaries in a shuffled order, as name keys are.
          const secondary = Float64Array.from(primaries.map((_, i) => (i * 7919) % 10_007));
          const expected = primaries
            .map((_, i) => i)
            .sort((a, b) => (primary[a] ?? 0) - (primary[b] ?? 0) || (secondary[a] ?? 0) - (secondary[b] ?? 0))
            .slice(0, k);
          assert.deepEqual(topK(n, k, primary, (i) => secondary[i] ?? 0, new Float64Array(n)), expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
