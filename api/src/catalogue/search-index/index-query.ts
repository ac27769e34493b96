import type { Range } from '../../accounts/ship-tos';
import type { CountRow } from '../facets';
import type { ProductRow } from '../product-view';
import type { SortCode } from '../search-query';
import type { IndexFilter } from './index-filters';
import { COLLECTION_BITS, FACT, FACT_STRIDE, type ProductStore, type ValueTable } from './product-store';
import { queryWords, type QueryNode, type QueryWord } from './text-query';
import { andRank, orRank } from './text-rank';
import { compareText } from './text-order';
import { topK } from './top-k';

export interface IndexQuery {
  range: Range;
  /** The parsed tsquery of the free text; undefined without free text. */
  text: QueryNode | undefined;
  filters: IndexFilter[];
  sort: SortCode;
  /** The sold-to's own prices (product code → pence) when the caller sees prices; null otherwise. */
  prices: ReadonlyMap<string, number> | null;
  limit: number;
  offset: number;
}

export interface IndexAnswer {
  total: number;
  rows: ProductRow[];
  facetCounts: CountRow[];
}

type GroupedKey = 'category' | 'brand' | 'storage' | 'packType';

const f = Math.fround;

/**
 * The search statement's answer (runSearchStatement) computed from the store: the same matches, ranks,
 * filters, facet counts (each facet counting what passes every other filter), order and page. Null when
 * the query repeats a word once as a prefix and once exactly, where PostgreSQL's choice between the two
 * is not defined.
 */
export function runIndexQuery(store: ProductStore, query: IndexQuery): IndexAnswer | null {
  const rangeId = store.ranges.idOf(query.range) ?? -1;
  let items: QueryWord[] = [];
  let matched: Uint32Array | undefined;
  if (query.text !== undefined) {
    const distinct = distinctWords(queryWords(query.text));
    if (distinct === null) return null;
    items = distinct;
    matched = matchingSlots(store, query.text, 0);
  }
  const grouped: { key: GroupedKey; table: ValueTable; fact: number; counts: Int32Array }[] = [
    { key: 'category', table: store.categories, fact: FACT.category, counts: new Int32Array(store.categories.values.length) },
    { key: 'brand', table: store.brands, fact: FACT.brand, counts: new Int32Array(store.brands.values.length) },
    { key: 'storage', table: store.storages, fact: FACT.storage, counts: new Int32Array(store.storages.values.length) },
    { key: 'packType', table: store.packTypes, fact: FACT.packType, counts: new Int32Array(store.packTypes.values.length) },
  ];
  const facts = store.facts;
  const [categoryCounts, brandCounts, storageCounts, packTypeCounts] = grouped.map(({ counts }) => counts) as [Int32Array, Int32Array, Int32Array, Int32Array];
  const collectionCounts = { specialoffers: 0, bestsellers: 0 };
  const found: number[] = [];
  const { filters } = query;
  const visit = (slot: number) => {
    const at = slot * FACT_STRIDE;
    if (facts[at + FACT.range] !== rangeId) return;
    let failed = -1;
    for (let i = 0; i < filters.length; i++) {
      if (filters[i]?.passes(slot)) continue;
      if (failed !== -1) return;
      failed = i;
    }
    const failedKey = failed === -1 ? undefined : filters[failed]?.key;
    if (failedKey === undefined) {
      increment(categoryCounts, facts[at + FACT.category]);
      increment(brandCounts, facts[at + FACT.brand]);
      increment(storageCounts, facts[at + FACT.storage]);
      increment(packTypeCounts, facts[at + FACT.packType]);
    } else {
      const facet = grouped.find(({ key }) => key === failedKey);
      if (facet) increment(facet.counts, facts[at + facet.fact]);
    }
    if (failedKey === undefined || failedKey === 'collection') {
      const mask = facts[at + FACT.collections] ?? 0;
      if (mask & (COLLECTION_BITS.specialoffers ?? 0)) collectionCounts.specialoffers++;
      if (mask & (COLLECTION_BITS.bestsellers ?? 0)) collectionCounts.bestsellers++;
    }
    if (failedKey === undefined) found.push(slot);
  };
  if (matched === undefined) {
    for (let slot = 0; slot < store.slotCount; slot++) visit(slot);
  } else {
    forEachSetBit(matched, visit);
  }
  const ranks = query.text === undefined ? store.scratch.numbers(0, 0) : rankFound(store, query.text, items, found);
  const key = sortKey(store, query, found, ranks);
  const page = topK(found.length, query.offset + query.limit, comparator(store, found, key), key, store.scratch.numbers(2, found.length)).slice(query.offset);
  const rows = page.map((i) => priced(store, found[i] ?? -1, query.prices));
  const facetCounts: CountRow[] = [];
  for (const { key, table, counts } of grouped) {
    counts.forEach((n, value) => {
      if (n > 0) facetCounts.push({ facet: key, value: table.values[value] ?? '', n });
    });
  }
  for (const value of ['specialoffers', 'bestsellers'] as const) {
    const n = collectionCounts[value];
    if (n > 0) facetCounts.push({ facet: 'collection', value, n });
  }
  return { total: found.length, rows, facetCounts };
}

function increment(counts: Int32Array, value: number | undefined): void {
  const at = value ?? 0;
  counts[at] = (counts[at] ?? 0) + 1;
}

function priced(store: ProductStore, slot: number, prices: ReadonlyMap<string, number> | null): ProductRow {
  const row = store.rows[slot];
  if (row === undefined) throw new Error('a page slot emptied while searching');
  return { ...row, pricePence: prices === null ? null : (prices.get(row.code) ?? store.fact(slot, FACT.listPrice)) };
}

/** Words in byte order without repeats (SortAndUniqItems); null when one is both a prefix and exact. */
function distinctWords(words: QueryWord[]): QueryWord[] | null {
  const sorted = [...words].sort((a, b) => compareText(a.word, b.word));
  const distinct: QueryWord[] = [];
  for (const word of sorted) {
    const last = distinct[distinct.length - 1];
    if (last?.word === word.word) {
      if (last.prefix !== word.prefix) return null;
      continue;
    }
    distinct.push(word);
  }
  return distinct;
}

const lexemesOf = (store: ProductStore, word: QueryWord): number[] => {
  if (word.prefix) return store.vocabulary.withPrefix(word.word);
  const id = store.vocabulary.idOf(word.word);
  return id === undefined ? [] : [id];
};

/**
 * ts_rank of each found product. With AND at the top and two or more distinct words, calc_rank_and per
 * document; otherwise calc_rank_or, summed from the postings in PostgreSQL's order of terms.
 */
function rankFound(store: ProductStore, text: QueryNode, items: QueryWord[], found: number[]): Float64Array {
  const ranks = store.scratch.numbers(0, found.length);
  if (text.kind === 'and' && items.length >= 2) {
    const masks = store.scratch.masks(store.vocabulary.size);
    const marked: number[] = [];
    items.forEach((item, i) => {
      for (const lexeme of lexemesOf(store, item)) {
        masks[lexeme] = (masks[lexeme] ?? 0) | (1 << i);
        marked.push(lexeme);
      }
    });
    const pool = store.pool.data;
    found.forEach((slot, i) => {
      ranks[i] = andRank(pool, store.documents[slot] ?? 0, masks, items.length);
    });
    for (const lexeme of marked) masks[lexeme] = 0;
    return ranks;
  }
  // Float32Array: each addition is rounded to single precision, as C's float total is.
  const totals = store.scratch.totals(store.slotCount);
  const { terms } = store.postings;
  for (const item of items) {
    for (const lexeme of lexemesOf(store, item)) {
      store.postings.forEach(lexeme, (slot, termId) => {
        totals[slot] = (totals[slot] ?? 0) + (terms[termId] ?? 0);
      });
    }
  }
  found.forEach((slot, i) => {
    ranks[i] = f(orRank(totals[slot] ?? 0, items.length));
  });
  totals.fill(0);
  return ranks;
}

/** The slots whose document matches the query, as a bit set (the store's scratch one for `depth`). */
function matchingSlots(store: ProductStore, node: QueryNode, depth: number): Uint32Array {
  const words = Math.ceil(store.slotCount / 32);
  if (node.kind === 'word') {
    const bits = store.scratch.bits(depth, words);
    for (const lexeme of lexemesOf(store, node.operand)) {
      store.postings.forEach(lexeme, (slot) => {
        bits[slot >>> 5] = (bits[slot >>> 5] ?? 0) | (1 << (slot & 31));
      });
    }
    return bits;
  }
  const left = matchingSlots(store, node.left, depth);
  const right = matchingSlots(store, node.right, depth + 1);
  for (let i = 0; i < words; i++) left[i] = node.kind === 'and' ? (left[i] ?? 0) & (right[i] ?? 0) : (left[i] ?? 0) | (right[i] ?? 0);
  return left;
}

function forEachSetBit(bits: Uint32Array, visit: (slot: number) => void): void {
  for (let i = 0; i < bits.length; i++) {
    let word = bits[i] ?? 0;
    while (word !== 0) {
      const bit = 31 - Math.clz32(word & -word);
      visit(i * 32 + bit);
      word &= word - 1;
    }
  }
}

/**
 * The sort as one number per found product, smaller first, when a number decides it alone (name sorts:
 * the name order; rank and price sorts leave ties to the comparator); and the comparator for the rest.
 */
function sortKey(store: ProductStore, query: IndexQuery, found: number[], ranks: Float64Array): Float64Array {
  const name = (slot: number) => store.nameOrder.key(slot);
  const price = (slot: number) => {
    const listed = store.fact(slot, FACT.listPrice);
    return query.prices === null ? listed : (query.prices.get(store.rows[slot]?.code ?? '') ?? listed);
  };
  const keyOf = keyFunction(query, ranks, name, price);
  const keys = store.scratch.numbers(1, found.length);
  for (let i = 0; i < found.length; i++) keys[i] = keyOf(found[i] ?? -1, i);
  return keys;
}

function keyFunction(
  query: IndexQuery,
  ranks: Float64Array,
  name: (slot: number) => number,
  price: (slot: number) => number,
): (slot: number, i: number) => number {
  switch (query.sort) {
    case 'relevance':
      return query.text === undefined ? name : (_slot, i) => -(ranks[i] ?? 0);
    case 'name-asc':
      return name;
    case 'name-desc':
      return (slot) => -name(slot);
    case 'price-asc':
      return price;
    case 'price-desc':
      return (slot) => -price(slot);
  }
}

/** The order of the sort's keys (sortKeys in product-page.ts), over indexes into `found`: the key, then the name order. */
function comparator(store: ProductStore, found: number[], key: Float64Array): (a: number, b: number) => number {
  return (a, b) => (key[a] ?? 0) - (key[b] ?? 0) || store.nameOrder.key(found[a] ?? -1) - store.nameOrder.key(found[b] ?? -1);
}
