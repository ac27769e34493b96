/**
 * The address of a listing (category or search page) and the API's OCC query, each built from one state:
 * filters, sort and page live in the query string (?brand=X&sort=price-asc&page=2) so back/forward and
 * sharing work; the API gets `freeText:sort:key:value:key:value`.
 */
export interface ListingState {
  sort: string | undefined;
  /** [facet key, value] pairs in the order they were chosen. */
  filters: [string, string][];
  /** 0-based, as the API counts. */
  page: number;
}

type Params = Record<string, string | string[] | undefined>;

/** The API's sort codes and filter keys (docs/api.md): anything else in a hand-edited address is ignored. */
const SORT_CODES: readonly string[] = ['relevance', 'name-asc', 'name-desc', 'price-asc', 'price-desc'];
const FILTER_KEYS: readonly string[] = ['category', 'brand', 'storage', 'packType', 'collection', 'freeFrom', 'dietary', 'featuredProduct', 'avoid'];

/** The OCC query separates its parts with ':' so a value must not contain one. */
const clean = (value: string): string => value.replaceAll(':', ' ').trim();

const asList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

export function listingStateFrom(params: Params): ListingState {
  const filters: [string, string][] = [];
  for (const [key, raw] of Object.entries(params)) {
    if (!FILTER_KEYS.includes(key)) continue;
    for (const value of asList(raw)) {
      const cleaned = clean(value);
      if (cleaned && !filters.some(([k, v]) => k === key && v === cleaned)) filters.push([key, cleaned]);
    }
  }
  const sortParam = asList(params.sort)[0];
  const sort = sortParam && SORT_CODES.includes(sortParam) ? sortParam : undefined;
  const pageNumber = Number(asList(params.page)[0] ?? '1');
  const page = Number.isSafeInteger(pageNumber) && pageNumber >= 1 ? pageNumber - 1 : 0;
  return { sort, filters, page };
}

export function occQuery(freeText: string, state: ListingState, fixed: [string, string][] = []): string {
  const parts = [clean(freeText), state.sort ?? ''];
  for (const [key, value] of [...fixed, ...state.filters]) parts.push(key, value);
  return parts.join(':');
}

export function listingHref(path: string, state: ListingState): string {
  const query = new URLSearchParams();
  for (const [key, value] of state.filters) query.append(key, value);
  if (state.sort) query.set('sort', state.sort);
  if (state.page > 0) query.set('page', String(state.page + 1));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export function toggleFilter(state: ListingState, key: string, value: string): ListingState {
  const has = state.filters.some(([k, v]) => k === key && v === value);
  const filters: [string, string][] = has
    ? state.filters.filter(([k, v]) => !(k === key && v === value))
    : [...state.filters, [key, value]];
  return { ...state, filters, page: 0 };
}

/**
 * The state with `avoid` filters for every one of `allergens` (on), or none of them (off): the listing's "Hide
 * products … avoids" switch. Other filters, and avoid filters of allergens the site does not avoid, stay.
 */
export function withAvoids(state: ListingState, allergens: readonly string[], on: boolean): ListingState {
  const kept = state.filters.filter(([key, value]) => !(key === 'avoid' && allergens.includes(value)));
  const filters: [string, string][] = on ? [...kept, ...allergens.map((allergen): [string, string] => ['avoid', allergen])] : kept;
  return { ...state, filters, page: 0 };
}

/** Whether every one of `allergens` is avoided by the state's filters (and there is at least one). */
export const avoidsAll = (state: ListingState, allergens: readonly string[]): boolean =>
  allergens.length > 0 && allergens.every((allergen) => state.filters.some(([key, value]) => key === 'avoid' && value === allergen));

export const withSort = (state: ListingState, sort: string): ListingState => ({ ...state, sort, page: 0 });

export const withPage = (state: ListingState, page: number): ListingState => ({ ...state, page });

export const DEFAULT_LISTING: ListingState = { sort: undefined, filters: [], page: 0 };
