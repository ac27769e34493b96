import { ALLERGENS, DIETARY_FLAGS } from '../../food-info/allergens';
import { foodMasks } from '../../food-info/food-marks';
import type { ProductRow } from '../product-view';
import { FILTER_KEYS } from '../search-query';
import { DocumentPool, parseSearchDocument, type ParsedEntry, type SearchDocument } from './search-document';
import { orTerm } from './text-rank';
import { FacetGroups } from './facet-groups';
import { NameOrder } from './name-order';
import { SlotSets } from './slot-sets';
import { Vocabulary } from './vocabulary';

/** A product's fields as a search page shows them (ProductRow without the caller's price). */
export type ProductFields = Omit<ProductRow, 'pricePence'>;

/** A product as the database gives it to the index. */
export interface LoadedProduct {
  row: ProductFields;
  listPricePence: number;
  /** The tsvector's text form. */
  document: string;
  sellable: boolean;
}

/** Bit i of an allergen mask is ALLERGENS[i], of a dietary mask DIETARY_FLAGS[i]. */
export const ALLERGEN_BITS: ReadonlyMap<string, number> = new Map(ALLERGENS.map((allergen, i) => [allergen, 1 << i]));
export const DIETARY_BITS: ReadonlyMap<string, number> = new Map(DIETARY_FLAGS.map((flag, i) => [flag, 1 << i]));

/** The mask of the listed values the bits know; others (never written by food-info) count nowhere, as in SQL's facets. */
export const maskOf = (bits: ReadonlyMap<string, number>, values: readonly string[]): number =>
  values.reduce((mask, value) => mask | (bits.get(value) ?? 0), 0);

/** Strings numbered in the order first seen, so a product's facet values are small integers. */
export class ValueTable {
  private readonly ids = new Map<string, number>();
  readonly values: string[] = [];

  idOf(value: string): number | undefined {
    return this.ids.get(value);
  }

  add(value: string): number {
    const known = this.ids.get(value);
    if (known !== undefined) return known;
    this.ids.set(value, this.values.length);
    this.values.push(value);
    return this.values.length - 1;
  }
}

export const COLLECTION_BITS: Record<string, number> = { specialoffers: 1, bestsellers: 2 };

/**
 * Where each of a slot's numbers sits among its FACT_STRIDE numbers in ProductStore.facts: one product's
 * filter, facet and sort numbers side by side, so a search reads one cache line per product it visits
 * instead of one per array.
 */
export const FACT = {
  range: 0,
  category: 1,
  brand: 2,
  storage: 3,
  packType: 4,
  collections: 5,
  featured: 6,
  listPrice: 7,
  /** Allergen masks (ALLERGEN_BITS): declared free from; contained or may be contained. */
  free: 8,
  holds: 9,
  /** Dietary mask (DIETARY_BITS). */
  dietary: 10,
} as const;
export const FACT_STRIDE = 11;

/**
 * The slot sets the store keeps (SlotSets): one per value of the range and of each grouped facet (numbered as
 * in FACT), one per collection (COLLECTION_BITS' bit i at collection + i) and one of the featured products.
 */
export const SET = { range: 0, category: 1, brand: 2, storage: 3, packType: 4, collection: 5, featured: 7 } as const;
const SET_COUNT = 8;

/** Which scratch bit set (Scratch.bits) each step of a search uses; filters take one each, text one per depth. */
export const SCRATCH_BITS = { base: 0, all: 1, except: 2, filters: 3, text: 3 + FILTER_KEYS.length } as const;

/**
 * For each lexeme, the slots whose document holds it (ascending) and calc_rank_or's term for it there.
 * Built in one piece (offsets into two typed arrays) from every product at once; products added later
 * go to per-lexeme lists after it, until the next compaction folds them in. Terms take few distinct values
 * (they depend only on the weights of a lexeme's positions), so each posting holds the number of its term.
 */
class Postings {
  private offsets = new Int32Array(1);
  private slots = new Int32Array(0);
  private termIds = new Uint16Array(0);
  private readonly later = new Map<number, { slots: number[]; termIds: number[] }>();
  private readonly termIdOf = new Map<number, number>();
  readonly terms: number[] = [];

  /** Postings of the last build (the ones added since are not counted). */
  get built(): number {
    return this.slots.length;
  }

  termId(term: number): number {
    let id = this.termIdOf.get(term);
    if (id === undefined) {
      id = this.terms.length;
      if (id > 0xffff) throw new Error('more distinct rank terms than the postings can number');
      this.terms.push(term);
      this.termIdOf.set(term, id);
    }
    return id;
  }

  /** Replaces everything with the postings of `documents` (by slot), whose lexemes are numbered below `lexemes`. */
  build(lexemes: number, pool: Uint16Array, documents: readonly (SearchDocument | undefined)[]): void {
    const counts = new Int32Array(lexemes + 1);
    const eachEntry = (visit: (slot: number, lexeme: number, document: Uint16Array, at: number) => void) => {
      const document = pool;
      documents.forEach((start, slot) => {
        if (start === undefined) return;
        let at = start + 1;
        for (let entry = 0; entry < (document[start] ?? 0); entry++) {
          visit(slot, ((document[at] ?? 0) << 16) | (document[at + 1] ?? 0), document, at + 2);
          at += 3 + (document[at + 2] ?? 0);
        }
      });
    };
    eachEntry((_slot, lexeme) => {
      counts[lexeme + 1] = (counts[lexeme + 1] ?? 0) + 1;
    });
    for (let i = 1; i <= lexemes; i++) counts[i] = (counts[i] ?? 0) + (counts[i - 1] ?? 0);
    const total = counts[lexemes] ?? 0;
    const slots = new Int32Array(total);
    const termIds = new Uint16Array(total);
    const next = counts.slice(0, lexemes);
    eachEntry((slot, lexeme, document, countAt) => {
      const at = next[lexeme] ?? 0;
      slots[at] = slot;
      termIds[at] = this.termId(orTerm(document.subarray(countAt + 1, countAt + 1 + (document[countAt] ?? 0))));
      next[lexeme] = at + 1;
    });
    this.offsets = counts;
    this.slots = slots;
    this.termIds = termIds;
    this.later.clear();
  }

  add(lexeme: number, slot: number, termId: number): void {
    let list = this.later.get(lexeme);
    if (list === undefined) {
      list = { slots: [], termIds: [] };
      this.later.set(lexeme, list);
    }
    list.slots.push(slot);
    list.termIds.push(termId);
  }

  /** Adds the slots holding the lexeme to the bit set. */
  markSlots(lexeme: number, bits: Uint32Array): void {
    const from = this.offsets[lexeme] ?? 0;
    const to = lexeme + 1 < this.offsets.length ? (this.offsets[lexeme + 1] ?? 0) : from;
    const slots = this.slots;
    for (let i = from; i < to; i++) {
      const slot = slots[i] ?? 0;
      bits[slot >>> 5] = (bits[slot >>> 5] ?? 0) | (1 << (slot & 31));
    }
    const list = this.later.get(lexeme);
    if (list) for (const slot of list.slots) bits[slot >>> 5] = (bits[slot >>> 5] ?? 0) | (1 << (slot & 31));
  }

  /** Adds the lexeme's term to the total of each slot holding it (float additions, as calc_rank_or's). */
  addTerms(lexeme: number, totals: Float32Array): void {
    const from = this.offsets[lexeme] ?? 0;
    const to = lexeme + 1 < this.offsets.length ? (this.offsets[lexeme + 1] ?? 0) : from;
    const { slots, termIds, terms } = this;
    for (let i = from; i < to; i++) {
      const slot = slots[i] ?? 0;
      totals[slot] = (totals[slot] ?? 0) + (terms[termIds[i] ?? 0] ?? 0);
    }
    const list = this.later.get(lexeme);
    if (list) {
      list.slots.forEach((slot, i) => {
        totals[slot] = (totals[slot] ?? 0) + (terms[list.termIds[i] ?? 0] ?? 0);
      });
    }
  }
}

/**
 * Working arrays of a search, as large as the store, kept between searches instead of allocated for
 * each (searches run one at a time on the event loop; each leaves them zeroed).
 */
class Scratch {
  private maskArray = new Int32Array(0);
  private totalArray = new Float32Array(0);
  private readonly bitSets: Uint32Array[] = [];
  private readonly numberArrays: Float64Array[] = [];
  private slotArray = new Int32Array(0);

  /** A zeroed bit set of `words` words; `depth` tells apart the ones in use at the same time. */
  bits(depth: number, words: number): Uint32Array {
    let bits = this.bitSets[depth];
    if (bits === undefined || bits.length < words) {
      bits = new Uint32Array(Math.ceil(words * 1.25));
      this.bitSets[depth] = bits;
    }
    const view = bits.subarray(0, words);
    view.fill(0);
    return view;
  }

  /** `size` numbers (not zeroed); `which` tells apart the ones in use at the same time. */
  numbers(which: number, size: number): Float64Array {
    let array = this.numberArrays[which];
    if (array === undefined || array.length < size) {
      array = new Float64Array(Math.ceil(size * 1.25));
      this.numberArrays[which] = array;
    }
    return array.subarray(0, size);
  }

  /** `size` slot numbers (not zeroed). */
  slots(size: number): Int32Array {
    if (this.slotArray.length < size) this.slotArray = new Int32Array(Math.ceil(size * 1.25));
    return this.slotArray.subarray(0, size);
  }

  masks(size: number): Int32Array {
    if (this.maskArray.length < size) this.maskArray = new Int32Array(Math.ceil(size * 1.25));
    return this.maskArray;
  }

  totals(size: number): Float32Array {
    if (this.totalArray.length < size) this.totalArray = new Float32Array(Math.ceil(size * 1.25));
    return this.totalArray;
  }
}

/**
 * The sellable products, each in a numbered slot, with their facet values as numbers, their documents,
 * and for every lexeme its postings. A changed product moves to a new slot and its old one is emptied, so
 * postings only ever grow at the end; they are rebuilt from the live slots when empty ones outnumber them.
 * Repeated strings (brands, pack sizes, storage texts…) are kept once.
 */
export class ProductStore {
  readonly vocabulary = new Vocabulary();
  readonly ranges = new ValueTable();
  readonly categories = new ValueTable();
  readonly brands = new ValueTable();
  readonly storages = new ValueTable();
  readonly packTypes = new ValueTable();
  private readonly strings = new Map<string, string>();
  private readonly lists = new Map<string, string[]>();

  rows: (ProductFields | undefined)[] = [];
  pool = new DocumentPool();
  /** Where each slot's document starts in the pool. */
  documents: (SearchDocument | undefined)[] = [];
  /** FACT_STRIDE numbers per slot (see FACT); a range of -1 marks an emptied slot. */
  facts = new Int32Array(FACT_STRIDE * 1024);
  readonly postings = new Postings();
  /** For each range, facet value, collection and the featured flag, its live slots. */
  readonly sets = new SlotSets(SET_COUNT);
  /** Groups of products with the same range and facet values (FACT up to collections), and each slot's group. */
  readonly groups = new FacetGroups(FACT.collections + 1);
  slotGroups = new Int32Array(1024);
  /**
   * Groups of products with the same free-from and dietary masks, and each slot's: apart from `groups`, as
   * their combinations with the other facets' values would make nearly every product a group of its own.
   */
  readonly foodGroups = new FacetGroups(2);
  slotFoodGroups = new Int32Array(1024);
  readonly scratch = new Scratch();
  readonly nameOrder = new NameOrder(
    (slot) => this.rows[slot]?.name ?? '',
    (slot) => this.rows[slot]?.code ?? '',
  );
  private readonly slotOf = new Map<string, number>();
  /** Postings added since the last build, to know when to fold them in. */
  private added = 0;
  /** Bumped by every put, so what is worked out from the slots can be kept until they change. */
  private puts = 0;

  get version(): number {
    return this.puts;
  }

  get slotCount(): number {
    return this.rows.length;
  }

  fact(slot: number, which: number): number {
    return this.facts[slot * FACT_STRIDE + which] ?? -1;
  }

  /** The slot holding the product, if the store has it. */
  slotFor(code: string): number | undefined {
    return this.slotOf.get(code);
  }

  get productCount(): number {
    return this.slotOf.size;
  }

  /**
   * Puts the product's current state in: a product no longer sellable leaves. `bulk` (the first load)
   * leaves the postings to one build at the end.
   */
  put(loaded: LoadedProduct, bulk = false): void {
    this.puts += 1;
    this.remove(loaded.row.code);
    if (loaded.sellable) this.add(this.shared(loaded.row), loaded.listPricePence, parseSearchDocument(loaded.document, this.vocabulary), bulk);
    // Added postings are folded in once they outnumber the built ones (and 50 000): an import of 100 000 new
    // products then costs a handful of compactions, growing geometrically, not one per 50 000 postings, each
    // as long as the whole store (quadratic, and on the event loop the import's own requests run on).
    const folding = this.added > Math.max(50_000, this.postings.built);
    if (!bulk && (folding || (this.rows.length > 10_000 && this.rows.length > 2 * this.slotOf.size))) this.compact();
  }

  /** Builds the postings of every product in one piece (after a bulk load, and to compact). */
  buildPostings(): void {
    this.postings.build(this.vocabulary.size, this.pool.data, this.documents);
    this.nameOrder.build(this.rows.flatMap((row, slot) => (row === undefined ? [] : [slot])));
    this.added = 0;
  }

  private add(row: ProductFields, listPricePence: number, entries: ParsedEntry[], bulk: boolean): void {
    const slot = this.rows.length;
    this.rows.push(row);
    this.documents.push(this.pool.append(entries));
    if ((slot + 1) * FACT_STRIDE > this.facts.length) {
      const grown = new Int32Array(this.facts.length * 2);
      grown.set(this.facts);
      this.facts = grown;
    }
    const at = slot * FACT_STRIDE;
    this.facts[at + FACT.range] = this.ranges.add(row.range);
    this.facts[at + FACT.category] = this.categories.add(row.categoryId);
    this.facts[at + FACT.brand] = this.brands.add(row.brand);
    this.facts[at + FACT.storage] = this.storages.add(row.storage);
    this.facts[at + FACT.packType] = this.packTypes.add(row.packType);
    this.facts[at + FACT.collections] = row.collections.reduce((mask, value) => mask | (COLLECTION_BITS[value] ?? 0), 0);
    this.facts[at + FACT.featured] = row.featured ? 1 : 0;
    this.facts[at + FACT.listPrice] = listPricePence;
    const food = foodMasks(row.foodMarkBits);
    this.facts[at + FACT.free] = food.free;
    this.facts[at + FACT.holds] = food.contains | food.mayContain;
    this.facts[at + FACT.dietary] = food.dietary;
    if (slot >= this.slotGroups.length) {
      const grow = (array: Int32Array) => {
        const grown = new Int32Array(array.length * 2);
        grown.set(array);
        return grown;
      };
      this.slotGroups = grow(this.slotGroups);
      this.slotFoodGroups = grow(this.slotFoodGroups);
    }
    this.slotGroups[slot] = this.groups.groupOf(this.facts.subarray(at, at + FACT.collections + 1));
    this.slotFoodGroups[slot] = this.foodGroups.groupOf([this.facts[at + FACT.free] ?? 0, this.facts[at + FACT.dietary] ?? 0]);
    this.sets.mark(slot, this.setValues(slot), true);
    this.slotOf.set(row.code, slot);
    if (bulk) return;
    this.nameOrder.insert(slot);
    for (const { lexeme, positions } of entries) this.postings.add(lexeme, slot, this.postings.termId(orTerm(positions)));
    this.added += entries.length;
  }

  private remove(code: string): void {
    const slot = this.slotOf.get(code);
    if (slot === undefined) return;
    this.sets.mark(slot, this.setValues(slot), false);
    this.rows[slot] = undefined;
    this.documents[slot] = undefined;
    this.facts[slot * FACT_STRIDE + FACT.range] = -1;
    this.slotOf.delete(code);
    this.nameOrder.remove(slot);
  }

  /** The value of each of SlotSets' facts for the slot (SET): a value number, or 0 / -1 for in or out of a flag's set. */
  private setValues(slot: number): Int32Array {
    const at = slot * FACT_STRIDE;
    const values = new Int32Array(SET_COUNT).fill(-1);
    for (const fact of [FACT.range, FACT.category, FACT.brand, FACT.storage, FACT.packType]) values[fact] = this.facts[at + fact] ?? -1;
    const collections = this.facts[at + FACT.collections] ?? 0;
    for (let bit = 0; bit < SET.featured - SET.collection; bit++) if (collections & (1 << bit)) values[SET.collection + bit] = 0;
    if (this.facts[at + FACT.featured] === 1) values[SET.featured] = 0;
    return values;
  }

  /** The row with its repeated strings replaced by the copies already held. */
  private shared(row: ProductFields): ProductFields {
    const one = (value: string) => {
      const known = this.strings.get(value);
      if (known !== undefined) return known;
      this.strings.set(value, value);
      return value;
    };
    // Lists repeat too (most products share their collections); the key
    // names the field so lists of different fields never share a copy.
    const list = (field: string, values: string[]) => {
      const key = `${field}\u0001${values.join('\u0000')}`;
      const known = this.lists.get(key);
      if (known !== undefined) return known;
      this.lists.set(key, values);
      return values;
    };
    return {
      ...row,
      brand: one(row.brand),
      range: one(row.range),
      categoryId: one(row.categoryId),
      packSize: one(row.packSize),
      packType: one(row.packType),
      salesUnit: one(row.salesUnit),
      storage: one(row.storage),
      storageText: one(row.storageText),
      stockStatus: one(row.stockStatus),
      collections: list('collections', row.collections),
    };
  }

  /** Drops the emptied slots and builds the postings afresh. */
  private compact(): void {
    const live: number[] = [];
    this.rows.forEach((row, slot) => {
      if (row !== undefined) live.push(slot);
    });
    const keep = <T>(values: T[]): T[] => live.map((slot) => values[slot] as T);
    this.rows = keep(this.rows);
    const pool = new DocumentPool();
    this.documents = live.map((slot) => {
      const start = this.documents[slot];
      return start === undefined ? undefined : pool.copy(this.pool, start);
    });
    this.pool = pool;
    const facts = new Int32Array(Math.max(FACT_STRIDE * 1024, live.length * FACT_STRIDE * 2));
    live.forEach((slot, i) => facts.set(this.facts.subarray(slot * FACT_STRIDE, (slot + 1) * FACT_STRIDE), i * FACT_STRIDE));
    this.facts = facts;
    const slotGroups = new Int32Array(Math.max(1024, live.length * 2));
    const slotFoodGroups = new Int32Array(slotGroups.length);
    live.forEach((slot, i) => {
      slotGroups[i] = this.slotGroups[slot] ?? 0;
      slotFoodGroups[i] = this.slotFoodGroups[slot] ?? 0;
    });
    this.slotGroups = slotGroups;
    this.slotFoodGroups = slotFoodGroups;
    this.sets.clear();
    for (let slot = 0; slot < live.length; slot++) this.sets.mark(slot, this.setValues(slot), true);
    this.slotOf.clear();
    this.rows.forEach((row, slot) => {
      if (row) this.slotOf.set(row.code, slot);
    });
    this.buildPostings();
  }
}
