import type { CountRow } from '../facets';
import { SPECIAL_OFFERS } from '../search-query';
import type { IndexFilter } from './index-filters';
import { ALLERGENS, DIETARY_FLAGS } from '../../food-info/allergens';
import { COLLECTION_BITS, FACT, SCRATCH_BITS, type ProductStore, type ValueTable } from './product-store';

type GroupedKey = 'category' | 'brand' | 'storage' | 'packType';

interface Tally {
  fact: number;
  counts: Int32Array;
}

/**
 * Every facet's counts as the grouping-sets statement gives them (facetAggregate in facets.ts): a facet counts
 * the matches that pass every filter but its own. `base` holds the matches of the range and the free text,
 * `all` those that also pass every filter. The facets without a filter are counted in one walk over `all`;
 * each filtered facet in one walk over what passes the other filters, so no walk visits a product that counts
 * nowhere. Free-from and dietary values must all hold, so they count `all` whatever is selected (food groups).
 * Special offers are the slots of `offered`, not a collection of the import's: counted as what passes the other
 * filters and is offered.
 */
export function countFacets(store: ProductStore, sets: { base: Uint32Array; all: Uint32Array; offered: Uint32Array }, filters: IndexFilter[], words: number): CountRow[] {
  const { base, all, offered } = sets;
  const grouped: { key: GroupedKey; table: ValueTable; tally: Tally }[] = [
    { key: 'category', table: store.categories, tally: tally(FACT.category, store.categories) },
    { key: 'brand', table: store.brands, tally: tally(FACT.brand, store.brands) },
    { key: 'storage', table: store.storages, tally: tally(FACT.storage, store.storages) },
    { key: 'packType', table: store.packTypes, tally: tally(FACT.packType, store.packTypes) },
  ];
  const collections: Tally = { fact: FACT.collections, counts: new Int32Array(COLLECTION_COUNT) };
  const filtered = (key: string) => filters.some((filter) => filter.key === key);
  const food = countFood(store, all, words);
  countGroups(
    store,
    all,
    words,
    grouped.filter(({ key }) => !filtered(key)).map(({ tally }) => tally),
    filtered('collection') ? undefined : collections,
  );
  for (const filter of filters) {
    const own = grouped.find(({ key }) => key === filter.key);
    if (own === undefined && filter.key !== 'collection') continue;
    const passing = store.scratch.bits(SCRATCH_BITS.except, words);
    passing.set(base.subarray(0, words));
    for (const other of filters) {
      if (other === filter) continue;
      for (let w = 0; w < words; w++) passing[w] = (passing[w] ?? 0) & (other.bits[w] ?? 0);
    }
    countGroups(store, passing, words, own === undefined ? [] : [own.tally], own === undefined ? collections : undefined);
    if (filter.key === 'collection') collections.counts[OFFERS_BIT] = countBoth(passing, offered, words);
  }
  if (!filtered('collection')) collections.counts[OFFERS_BIT] = countBoth(all, offered, words);
  return [...facetCountRows(grouped, collections), ...food];
}

/** The free-from and dietary counts of the slots of `bits`: counted by food group, then each group's bits expanded. */
function countFood(store: ProductStore, bits: Uint32Array, words: number): CountRow[] {
  const { foodGroups, slotFoodGroups } = store;
  const perGroup = new Int32Array(foodGroups.size);
  for (let w = 0; w < words; w++) {
    let word = bits[w] ?? 0;
    while (word !== 0) {
      const group = slotFoodGroups[(w << 5) | (31 - Math.clz32(word & -word))] ?? 0;
      word &= word - 1;
      perGroup[group] = (perGroup[group] ?? 0) + 1;
    }
  }
  const free = new Int32Array(ALLERGENS.length);
  const dietary = new Int32Array(DIETARY_FLAGS.length);
  for (let group = 0; group < perGroup.length; group++) {
    const n = perGroup[group] ?? 0;
    if (n === 0) continue;
    const freeMask = foodGroups.value(group, 0);
    const dietaryMask = foodGroups.value(group, 1);
    for (let bit = 0; bit < free.length; bit++) if (freeMask & (1 << bit)) free[bit] = (free[bit] ?? 0) + n;
    for (let bit = 0; bit < dietary.length; bit++) if (dietaryMask & (1 << bit)) dietary[bit] = (dietary[bit] ?? 0) + n;
  }
  const rows: CountRow[] = [];
  free.forEach((n, bit) => {
    if (n > 0) rows.push({ facet: 'freeFrom', value: ALLERGENS[bit] ?? '', n });
  });
  dietary.forEach((n, bit) => {
    if (n > 0) rows.push({ facet: 'dietary', value: DIETARY_FLAGS[bit] ?? '', n });
  });
  return rows;
}

const COLLECTION_COUNT = Object.keys(COLLECTION_BITS).length;
const OFFERS_BIT = Math.log2(COLLECTION_BITS[SPECIAL_OFFERS] ?? 1);

/** How many slots both bit sets hold. */
function countBoth(a: Uint32Array, b: Uint32Array, words: number): number {
  let n = 0;
  for (let w = 0; w < words; w++) {
    let word = (a[w] ?? 0) & (b[w] ?? 0);
    while (word !== 0) {
      n++;
      word &= word - 1;
    }
  }
  return n;
}

const tally = (fact: number, table: ValueTable): Tally => ({ fact, counts: new Int32Array(table.values.length) });

/**
 * Adds each slot of `bits` to the count of its value in every tally, and of each of its collections: the
 * slots are counted by facet group (FacetGroups), then each group that matched adds its count to its values.
 */
function countGroups(store: ProductStore, bits: Uint32Array, words: number, tallies: Tally[], collections: Tally | undefined): void {
  const { groups, slotGroups } = store;
  const perGroup = new Int32Array(groups.size);
  for (let w = 0; w < words; w++) {
    let word = bits[w] ?? 0;
    while (word !== 0) {
      const group = slotGroups[(w << 5) | (31 - Math.clz32(word & -word))] ?? 0;
      word &= word - 1;
      perGroup[group] = (perGroup[group] ?? 0) + 1;
    }
  }
  for (let group = 0; group < perGroup.length; group++) {
    const n = perGroup[group] ?? 0;
    if (n === 0) continue;
    for (const { fact, counts } of tallies) {
      const value = groups.value(group, fact);
      counts[value] = (counts[value] ?? 0) + n;
    }
    if (collections === undefined) continue;
    const mask = groups.value(group, FACT.collections);
    for (let bit = 0; bit < COLLECTION_COUNT; bit++) if (mask & (1 << bit)) collections.counts[bit] = (collections.counts[bit] ?? 0) + n;
  }
}

/** The non-zero counts as the statement's rows: grouped facets by value, then the collections. */
function facetCountRows(grouped: { key: GroupedKey; table: ValueTable; tally: Tally }[], collections: Tally): CountRow[] {
  const rows: CountRow[] = [];
  for (const { key, table, tally: { counts } } of grouped) {
    counts.forEach((n, value) => {
      if (n > 0) rows.push({ facet: key, value: table.values[value] ?? '', n });
    });
  }
  for (const [value, bit] of Object.entries(COLLECTION_BITS)) {
    const n = collections.counts[Math.log2(bit)] ?? 0;
    if (n > 0) rows.push({ facet: 'collection', value, n });
  }
  return rows;
}
