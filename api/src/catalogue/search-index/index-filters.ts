import type { RangeCategories } from '../categories';
import type { FilterKey } from '../search-query';
import { COLLECTION_BITS, FACT, type ProductStore, type ValueTable } from './product-store';

export interface IndexFilter {
  key: FilterKey;
  passes(slot: number): boolean;
}

/**
 * The selected facet values as tests on a product's slot, one per key (values of one key are
 * alternatives): the same conditions as filterConditions (filters.ts) writes in SQL.
 */
export function indexFilters(store: ProductStore, selected: Map<FilterKey, string[]>, rangeCategories: RangeCategories): IndexFilter[] {
  return [...selected].map(([key, values]) => ({ key, passes: filterTest(store, key, values, rangeCategories) }));
}

/** The ids of the values the table holds; a value no product has matches nothing. */
const idsOf = (table: ValueTable, values: string[]): Set<number> =>
  new Set(values.flatMap((value) => {
    const id = table.idOf(value);
    return id === undefined ? [] : [id];
  }));

function filterTest(store: ProductStore, key: FilterKey, values: string[], rangeCategories: RangeCategories): (slot: number) => boolean {
  switch (key) {
    case 'category': {
      const ids = idsOf(store.categories, values.flatMap((id) => rangeCategories.descendants(id)));
      return (slot) => ids.has(store.fact(slot, FACT.category));
    }
    case 'brand': {
      const ids = idsOf(store.brands, values);
      return (slot) => ids.has(store.fact(slot, FACT.brand));
    }
    case 'storage': {
      const ids = idsOf(store.storages, values);
      return (slot) => ids.has(store.fact(slot, FACT.storage));
    }
    case 'packType': {
      const ids = idsOf(store.packTypes, values);
      return (slot) => ids.has(store.fact(slot, FACT.packType));
    }
    case 'collection': {
      const mask = values.reduce((bits, value) => bits | (COLLECTION_BITS[value] ?? 0), 0);
      return (slot) => (store.fact(slot, FACT.collections) & mask) !== 0;
    }
    case 'featuredProduct':
      return (slot) => store.fact(slot, FACT.featured) === 1;
  }
}
