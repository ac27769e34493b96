import type { Range } from '../../accounts/ship-tos';
import { contractPrice } from '../../pricing/contract-price/contract-price';
import type { CountRow } from '../facets';
import type { ListedProduct } from '../listing-prices';
import type { ProductRow } from '../product-view';
import type { OfferTargets } from '../../pricing/price-rules/price-rules-copy';
import type { RangeCategories } from '../categories';
import type { FilterKey, SortCode } from '../search-query';
import { indexFilters, type IndexFilter } from './index-filters';
import { offeredSlots } from './offered-slots';
import { countFacets } from './facet-counts';
import { FACT, SCRATCH_BITS, SET, type ProductStore } from './product-store';
import { wordsFor } from './slot-sets';
import { queryWords, type QueryNode, type QueryWord } from './text-query';
import { andRank, orRank } from './text-rank';
import { compareText } from './text-order';
import { topK } from './top-k';

export interface IndexQuery {
  range: Range;
  /** The parsed tsquery of the free text; undefined without free text. */
  text: QueryNode | undefined;
  /** The selected facet values, with the range's categories they are read against. */
  selected: Map<FilterKey, string[]>;
  categories: RangeCategories;
  sort: SortCode;
  /** The sold-to's own prices (product code → pence) when the caller sees prices; null otherwise. */
  prices: ReadonlyMap<string, number> | null;
  /** What the offers the caller can have today are on: the special offers. */
  offers: OfferTargets;
  /** The prices paid where a rule changes them (paid-prices.ts), for a sort by price; null otherwise. */
  paid: ReadonlyMap<string, number> | null;
  limit: number;
  offset: number;
}

export interface IndexAnswer {
  total: number;
  rows: ProductRow[];
  facetCounts: CountRow[];
}

const f = Math.fround;

/**
 * The search statement's answer (runSearchStatement) computed from the store: the same matches, ranks,
 * filters, facet counts (each facet counting what passes every other filter), order and page. Null when
 * the query repeats a word once as a prefix and once exactly, where PostgreSQL's choice between the two
 * is not defined.
 */
export function runIndexQuery(store: ProductStore, query: IndexQuery): IndexAnswer | null {
  let items: QueryWord[] = [];
  if (query.text !== undefined) {
    const distinct = distinctWords(queryWords(query.text));
    if (distinct === null) return null;
    items = distinct;
  }
  const words = wordsFor(store.slotCount);
  const base = rangeMatches(store, query, words);
  const offered = offeredSlots(store, query.offers, words);
  const filters = indexFilters(store, query.selected, query.categories, offered);
  const all = filterMatches(store, base, filters, words);
  const facetCounts = countFacets(store, { base, all, offered }, filters, words);
  const found = slotsOf(store, all, words);
  const ranks = query.text === undefined ? store.scratch.numbers(0, 0) : rankFound(store, query.text, items, found);
  const primary = sortKeys(store, query, found, ranks);
  const name = (i: number) => store.nameOrder.key(found[i] ?? -1);
  const page = topK(found.length, query.offset + query.limit, primary, name, store.scratch.numbers(3, found.length)).slice(query.offset);
  const rows = page.map((i) => priced(store, found[i] ?? -1, query.prices));
  return { total: found.length, rows, facetCounts };
}

/**
 * The products the query finds, each with what pricing it as a card needs (its contract price among them): what a
 * sort by the price paid prices before it runs the query (indexed-search.ts). Empty without prices.
 */
export function foundProducts(store: ProductStore, query: IndexQuery): ListedProduct[] {
  const { prices } = query;
  if (prices === null) return [];
  const words = wordsFor(store.slotCount);
  const base = rangeMatches(store, query, words);
  const offered = offeredSlots(store, query.offers, words);
  const found = slotsOf(store, filterMatches(store, base, indexFilters(store, query.selected, query.categories, offered), words), words);
  const listed: ListedProduct[] = [];
  for (const slot of found) {
    const row = store.rows[slot];
    if (row === undefined) continue;
    const listPricePence = store.fact(slot, FACT.listPrice);
    const { code, categoryId, minOrderQuantity, vatRateBp } = row;
    listed.push({ code, categoryId, minOrderQuantity, vatRateBp, listPricePence, pricePence: contractPrice(prices.get(code), listPricePence) });
  }
  return listed;
}

/** The slots of the range whose document matches the free text (all of the range without one). */
function rangeMatches(store: ProductStore, query: IndexQuery, words: number): Uint32Array {
  const base = store.scratch.bits(SCRATCH_BITS.base, words);
  const rangeId = store.ranges.idOf(query.range);
  const inRange = rangeId === undefined ? undefined : store.sets.get(SET.range, rangeId);
  if (inRange === undefined) return base;
  if (query.text === undefined) {
    base.set(inRange.subarray(0, words));
    return base;
  }
  const matched = matchingSlots(store, query.text, 0, words);
  for (let w = 0; w < words; w++) base[w] = (inRange[w] ?? 0) & (matched[w] ?? 0);
  return base;
}

/** The matches that pass every filter. */
function filterMatches(store: ProductStore, base: Uint32Array, filters: IndexFilter[], words: number): Uint32Array {
  const all = store.scratch.bits(SCRATCH_BITS.all, words);
  all.set(base.subarray(0, words));
  for (const { bits } of filters) for (let w = 0; w < words; w++) all[w] = (all[w] ?? 0) & (bits[w] ?? 0);
  return all;
}

/** The slots of a bit set, ascending (a scratch array of the store). */
function slotsOf(store: ProductStore, bits: Uint32Array, words: number): Int32Array {
  let n = 0;
  for (let w = 0; w < words; w++) {
    let word = bits[w] ?? 0;
    while (word !== 0) {
      n++;
      word &= word - 1;
    }
  }
  const slots = store.scratch.slots(n);
  let i = 0;
  for (let w = 0; w < words; w++) {
    let word = bits[w] ?? 0;
    while (word !== 0) {
      slots[i++] = (w << 5) | (31 - Math.clz32(word & -word));
      word &= word - 1;
    }
  }
  return slots;
}

/**
 * A page's row, with its price where the caller sees prices. Written out field by field rather than spread from
 * the held row: every priced row then has one shape from the start, which the listing's pricing and view read
 * at full speed (a spread row that gains two fields changes shape twice).
 */
function priced(store: ProductStore, slot: number, prices: ReadonlyMap<string, number> | null): ProductRow {
  const row = store.rows[slot];
  if (row === undefined) throw new Error('a page slot emptied while searching');
  if (prices === null) return { ...row, pricePence: null };
  const listPricePence = store.fact(slot, FACT.listPrice);
  return {
    code: row.code,
    name: row.name,
    brand: row.brand,
    range: row.range,
    categoryId: row.categoryId,
    packSize: row.packSize,
    packType: row.packType,
    salesUnit: row.salesUnit,
    vatRateBp: row.vatRateBp,
    storage: row.storage,
    storageText: row.storageText,
    shelfLifeDays: row.shelfLifeDays,
    minOrderQuantity: row.minOrderQuantity,
    stockStatus: row.stockStatus,
    featured: row.featured,
    collections: row.collections,
    discontinued: row.discontinued,
    foodMarkBits: row.foodMarkBits,
    pricePence: contractPrice(prices.get(row.code), listPricePence),
    listPricePence,
  };
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
function rankFound(store: ProductStore, text: QueryNode, items: QueryWord[], found: Int32Array): Float64Array {
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
    for (let i = 0; i < found.length; i++) ranks[i] = andRank(pool, store.documents[found[i] ?? 0] ?? 0, masks, items.length);
    for (const lexeme of marked) masks[lexeme] = 0;
    return ranks;
  }
  // Float32Array: each addition is rounded to single precision, as C's float total is.
  const totals = store.scratch.totals(store.slotCount);
  for (const item of items) for (const lexeme of lexemesOf(store, item)) store.postings.addTerms(lexeme, totals);
  for (let i = 0; i < found.length; i++) ranks[i] = f(orRank(totals[found[i] ?? 0] ?? 0, items.length));
  totals.fill(0);
  return ranks;
}

/** The slots whose document matches the query, as a bit set (the store's scratch one for `depth`). */
function matchingSlots(store: ProductStore, node: QueryNode, depth: number, words: number): Uint32Array {
  if (node.kind === 'word') {
    const bits = store.scratch.bits(SCRATCH_BITS.text + depth, words);
    for (const lexeme of lexemesOf(store, node.operand)) store.postings.markSlots(lexeme, bits);
    return bits;
  }
  const left = matchingSlots(store, node.left, depth, words);
  const right = matchingSlots(store, node.right, depth + 1, words);
  for (let w = 0; w < words; w++) left[w] = node.kind === 'and' ? (left[w] ?? 0) & (right[w] ?? 0) : (left[w] ?? 0) | (right[w] ?? 0);
  return left;
}

/**
 * The sort's first key per found product, smaller first: a negated rank, a price or the name order; ties go
 * to the name order (topK), as sortKeys in product-page.ts orders rows.
 */
function sortKeys(store: ProductStore, query: IndexQuery, found: Int32Array, ranks: Float64Array): Float64Array {
  const n = found.length;
  const primary = store.scratch.numbers(2, n);
  const name = (i: number) => store.nameOrder.key(found[i] ?? -1);
  const price = (slot: number) => {
    const listed = store.fact(slot, FACT.listPrice);
    if (query.prices === null) return listed;
    const code = store.rows[slot]?.code ?? '';
    return query.paid?.get(code) ?? contractPrice(query.prices.get(code), listed);
  };
  switch (query.sort) {
    case 'relevance':
      if (query.text === undefined) for (let i = 0; i < n; i++) primary[i] = name(i);
      else for (let i = 0; i < n; i++) primary[i] = -(ranks[i] ?? 0);
      break;
    case 'name-asc':
      for (let i = 0; i < n; i++) primary[i] = name(i);
      break;
    case 'name-desc':
      for (let i = 0; i < n; i++) primary[i] = -name(i);
      break;
    case 'price-asc':
      for (let i = 0; i < n; i++) primary[i] = price(found[i] ?? -1);
      break;
    case 'price-desc':
      for (let i = 0; i < n; i++) primary[i] = -price(found[i] ?? -1);
      break;
  }
  return primary;
}
