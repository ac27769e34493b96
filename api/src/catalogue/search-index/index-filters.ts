import type { RangeCategories } from '../categories';
import { SPECIAL_OFFERS, type FilterKey } from '../search-query';
import { ALLERGEN_BITS, COLLECTION_BITS, DIETARY_BITS, FACT, FACT_STRIDE, maskOf, SCRATCH_BITS, SET, type ProductStore, type ValueTable } from './product-store';
import { wordsFor } from './slot-sets';

export interface IndexFilter {
  key: FilterKey;
  /** The slots passing it (a scratch bit set of the store, valid until the next search). */
  bits: Uint32Array;
}

/**
 * The selected facet values as the set of slots passing each key's filter (values of one key are
 * alternatives, so their sets are united; those of the food keys must all hold): the same conditions as
 * filterConditions (filters.ts) writes in SQL.
 */
export function indexFilters(store: ProductStore, selected: Map<FilterKey, string[]>, rangeCategories: RangeCategories, offered: Uint32Array): IndexFilter[] {
  const words = wordsFor(store.slotCount);
  return [...selected].map(([key, values], i) => {
    const bits = store.scratch.bits(SCRATCH_BITS.filters + i, words);
    if (key === 'freeFrom' || key === 'dietary' || key === 'avoid') {
      markFood(store, bits, key, values);
      return { key, bits };
    }
    for (const set of valueSets(store, key, values, rangeCategories, offered)) {
      if (set === undefined) continue;
      for (let w = 0; w < words; w++) bits[w] = (bits[w] ?? 0) | (set[w] ?? 0);
    }
    return { key, bits };
  });
}

/** The ids of the values the table holds; a value no product has matches nothing. */
const idsOf = (table: ValueTable, values: string[]): number[] =>
  [...new Set(values)].flatMap((value) => {
    const id = table.idOf(value);
    return id === undefined ? [] : [id];
  });

/**
 * Marks the slots whose masks pass: every value held for freeFrom and dietary (a value no product can hold
 * matches nothing, as `@>` in SQL), none of them held for avoid. One read of a fact per slot: the masks
 * combine values that a set per value would need one pass each for.
 */
function markFood(store: ProductStore, bits: Uint32Array, key: 'freeFrom' | 'dietary' | 'avoid', values: string[]): void {
  const table = key === 'dietary' ? DIETARY_BITS : ALLERGEN_BITS;
  if (key !== 'avoid' && values.some((value) => !table.has(value))) return;
  const mask = maskOf(table, values);
  const fact = key === 'freeFrom' ? FACT.free : key === 'dietary' ? FACT.dietary : FACT.holds;
  const facts = store.facts;
  for (let slot = 0, at = fact; slot < store.slotCount; slot++, at += FACT_STRIDE) {
    const held = facts[at] ?? 0;
    if (key === 'avoid' ? (held & mask) === 0 : (held & mask) === mask) bits[slot >>> 5] = (bits[slot >>> 5] ?? 0) | (1 << (slot & 31));
  }
}

/** `offered`: the special offers' slots (offered-slots.ts), which no mark of the import's decides. */
function valueSets(store: ProductStore, key: FilterKey, values: string[], rangeCategories: RangeCategories, offered: Uint32Array): (Uint32Array | undefined)[] {
  const setsOf = (fact: number, table: ValueTable, of: string[]) => idsOf(table, of).map((id) => store.sets.get(fact, id));
  switch (key) {
    case 'category':
      return setsOf(SET.category, store.categories, values.flatMap((id) => rangeCategories.descendants(id)));
    case 'brand':
      return setsOf(SET.brand, store.brands, values);
    case 'storage':
      return setsOf(SET.storage, store.storages, values);
    case 'packType':
      return setsOf(SET.packType, store.packTypes, values);
    case 'collection':
      return values.map((value) => {
        if (value === SPECIAL_OFFERS) return offered;
        const bit = COLLECTION_BITS[value];
        return bit === undefined ? undefined : store.sets.get(SET.collection + Math.log2(bit), 0);
      });
    case 'featuredProduct':
      return [store.sets.get(SET.featured, 0)];
    case 'freeFrom':
    case 'dietary':
    case 'avoid':
      return [];
  }
}
