import { fail, ok, type Result } from '../errors/result';
import { ALLERGENS, DIETARY_FLAGS, isAllergen } from '../food-info/allergens';

/** Sort codes of the search, in the order they are listed. */
export const SORTS = [
  { code: 'relevance', name: 'Relevance' },
  { code: 'name-asc', name: 'Name (A to Z)' },
  { code: 'name-desc', name: 'Name (Z to A)' },
  { code: 'price-asc', name: 'Price (lowest first)' },
  { code: 'price-desc', name: 'Price (highest first)' },
] as const;
export type SortCode = (typeof SORTS)[number]['code'];

/** Facet keys a query may filter on; featuredProduct and avoid are filters without a facet of their own. */
/**
 * The values of freeFrom, dietary and avoid must all hold (a product free from peanuts AND from sesame), where
 * the values of the other keys are alternatives; avoid drops a product holding (contains or may contain) any of
 * its allergens (filters.ts).
 */
export const FILTER_KEYS = ['category', 'brand', 'storage', 'packType', 'collection', 'freeFrom', 'dietary', 'featuredProduct', 'avoid'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const COLLECTIONS = ['specialoffers', 'bestsellers'] as const;

/** The collection of products with an offer the customer can have today, not a mark of the import's. */
export const SPECIAL_OFFERS = 'specialoffers';

export const STORAGES = ['chilled', 'frozen', 'ambient'] as const;

export interface SearchQuery {
  freeText: string;
  /** The sort the caller named, or undefined for the default. */
  sort: SortCode | undefined;
  /** In the order given; a key may repeat (values of one key are OR-ed, except those of freeFrom, dietary and avoid; keys are AND-ed). */
  filters: { key: FilterKey; value: string }[];
}

const MAX_QUERY_LENGTH = 500;
const MAX_FILTERS = 20;

const isSort = (value: string): value is SortCode => SORTS.some((sort) => sort.code === value);
const isFilterKey = (value: string): value is FilterKey => (FILTER_KEYS as readonly string[]).includes(value);

/**
 * Parses the OCC search query `freeText:sort:key:value:key:value…`, or says what is wrong with it. The
 * route's schema runs it, so a hand-edited address is a 400 naming the `query` field, never a 500.
 */
export function parseSearchQuery(raw: string | undefined): Result<SearchQuery, string> {
  const text = raw ?? '';
  if (text.length > MAX_QUERY_LENGTH) return fail(`longer than ${MAX_QUERY_LENGTH} characters`);
  const [freeText = '', sortPart = '', ...pairs] = text.split(':');
  if (pairs.length % 2 !== 0) return fail('expected freeText:sort followed by key:value pairs');
  if (sortPart !== '' && !isSort(sortPart)) return fail(`unknown sort '${sortPart}' (one of ${SORTS.map((s) => s.code).join(', ')})`);
  const filters: SearchQuery['filters'] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    const key = pairs[i] ?? '';
    const value = pairs[i + 1] ?? '';
    if (!isFilterKey(key)) return fail(`unknown facet '${key}' (one of ${FILTER_KEYS.join(', ')})`);
    const expected = expectedFilterValue(key, value);
    if (expected !== undefined) return fail(`facet '${key}' value '${value}' is not ${expected}`);
    filters.push({ key, value });
  }
  if (filters.length > MAX_FILTERS) return fail(`more than ${MAX_FILTERS} filters`);
  return ok({ freeText: freeText.trim(), sort: sortPart === '' ? undefined : sortPart, filters });
}

/** What a facet's value should have been, or undefined when it is fine. */
function expectedFilterValue(key: FilterKey, value: string): string | undefined {
  if (value.trim() === '') return 'a value';
  if (key === 'featuredProduct' && value !== 'true') return "'true'";
  if (key === 'collection' && !(COLLECTIONS as readonly string[]).includes(value)) return COLLECTIONS.join(' or ');
  if (key === 'storage' && !(STORAGES as readonly string[]).includes(value)) return STORAGES.join(', ');
  if ((key === 'freeFrom' || key === 'avoid') && !isAllergen(value)) return `an allergen (one of ${ALLERGENS.join(', ')})`;
  if (key === 'dietary' && !(DIETARY_FLAGS as readonly string[]).includes(value)) return `one of ${DIETARY_FLAGS.join(', ')}`;
  return undefined;
}

/** The sort in force: the caller's, else relevance with free text and name-asc without (docs/storefront-requirements.md §9). */
export function effectiveSort(query: SearchQuery): SortCode {
  return query.sort ?? (query.freeText === '' ? 'name-asc' : 'relevance');
}

/** Writes a query back in the OCC form, as currentQuery and the facet values' toggle queries carry it. */
export function formatSearchQuery(query: SearchQuery, sort: SortCode): string {
  return [query.freeText, sort, ...query.filters.flatMap((f) => [f.key, f.value])].join(':');
}

const sameFilter = (a: { key: string; value: string }, b: { key: string; value: string }) => a.key === b.key && a.value === b.value;

export const isSelected = (query: SearchQuery, key: FilterKey, value: string) => query.filters.some((f) => sameFilter(f, { key, value }));

/** The query that selects the value when it is not selected, and drops it when it is. */
export function toggleFilter(query: SearchQuery, key: FilterKey, value: string): SearchQuery {
  const filter = { key, value };
  const filters = isSelected(query, key, value) ? query.filters.filter((f) => !sameFilter(f, filter)) : [...query.filters, filter];
  return { ...query, filters };
}

/** Values selected per key, for the SQL filters. */
export function selectedValues(query: SearchQuery): Map<FilterKey, string[]> {
  const byKey = new Map<FilterKey, string[]>();
  for (const { key, value } of query.filters) byKey.set(key, [...(byKey.get(key) ?? []), value]);
  return byKey;
}
