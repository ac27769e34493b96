import { and, sql, type SQL } from 'drizzle-orm';
import { ALLERGEN_NAMES, ALLERGENS, DIETARY_FLAGS, DIETARY_NAMES } from '../food-info/allergens';
import type { RangeCategories } from './categories';
import { offeredCondition } from './live-offers';
import {
  formatSearchQuery,
  isSelected,
  SPECIAL_OFFERS,
  toggleFilter,
  type FilterKey,
  type SearchQuery,
  type SortCode,
} from './search-query';
import { P } from './sql-names';

type FacetKey = Exclude<FilterKey, 'featuredProduct' | 'avoid'>;

const FACETS: { key: FacetKey; name: string; column: SQL | undefined; category: boolean }[] = [
  { key: 'category', name: 'Category', column: P.categoryId, category: true },
  { key: 'brand', name: 'Brand', column: P.brand, category: false },
  { key: 'storage', name: 'Storage', column: P.storage, category: false },
  { key: 'packType', name: 'Pack type', column: P.packType, category: false },
  // Counted per value from the array in the grand-total row of the aggregate, not grouped by a column.
  { key: 'collection', name: 'Collection', column: undefined, category: false },
  // Counted from the arrays' own grouping sets (FOOD_ARRAYS); their values must all hold, so they count the
  // products passing every filter, their own included: what selecting one more value would leave.
  { key: 'freeFrom', name: 'Free from', column: undefined, category: false },
  { key: 'dietary', name: 'Dietary', column: undefined, category: false },
];

const VALUE_NAMES: Partial<Record<FacetKey, Record<string, string>>> = {
  storage: { chilled: 'Chilled', frozen: 'Frozen', ambient: 'Ambient' },
  collection: { specialoffers: 'Special offers', bestsellers: 'Best sellers' },
  freeFrom: ALLERGEN_NAMES,
  dietary: DIETARY_NAMES,
};

export interface FacetValue {
  code: string;
  name: string;
  count: number;
  selected: boolean;
  query: { query: { value: string }; url: string };
}

export interface Facet {
  code: FacetKey;
  name: string;
  category: boolean;
  multiSelect: true;
  visible: true;
  priority: number;
  values: FacetValue[];
}

export interface CountRow {
  facet: FacetKey;
  value: string;
  n: number;
}

const COLLECTION_VALUES = ['specialoffers', 'bestsellers'] as const;
const GROUPED = FACETS.flatMap(({ key, column }) => (column === undefined ? [] : [{ key, column }]));

/**
 * The array facets grouped by their whole arrays, in one grouping set (a0, a1): a catalogue has few distinct
 * pairs of lists, each then counted once per allergen or flag it holds. Cheaper than a count per value, which
 * reads every row's arrays 19 times, and than a grouping set per array, which hashes every row once more.
 */
const FOOD_ARRAYS = [
  { key: 'freeFrom', column: sql.raw('"products"."allergens_free"'), values: new Set<string>(ALLERGENS) },
  { key: 'dietary', column: sql.raw('"products"."dietary"'), values: new Set<string>(DIETARY_FLAGS) },
] as const;

/** Filters a facet counts without (values of one key are alternatives); the others must hold for every count. */
const EXCEPTED = new Set<FilterKey>([...GROUPED.map(({ key }) => key), 'collection']);

/**
 * One grouping-set row: v{i}/n{i} are the value and count of GROUPED[i] (null outside its set); a{k} the array of
 * FOOD_ARRAYS[k] (null outside their set), counted by total; c{j} the collection counts.
 */
export type AggregateRow = Record<string, string | number | string[] | null>;

/**
 * Every facet's counts and the total in ONE pass over `source` (grouping sets). Each selected filter is
 * evaluated once per row into a flag; each facet counts the rows passing every flag but its own. With
 * two or more filters, a row failing two of them counts nowhere, so only rows failing at most one are
 * read (an OR of index-friendly conditions instead of the whole range).
 */
export function facetAggregate(source: SQL, base: SQL, filters: Map<FilterKey, SQL>): SQL {
  // A filter no facet counts without is a plain condition on the rows read.
  const keys = [...filters.keys()].filter((key) => EXCEPTED.has(key));
  const strict = [...filters].filter(([key]) => !EXCEPTED.has(key)).map(([, condition]) => sql`(${condition})`);
  const where = sql.join([base, ...strict], sql` and `);
  const flag = (key: FilterKey) => sql.raw(`"f_${key}"`);
  const passing = (except?: FilterKey) => {
    const flags = keys.filter((key) => key !== except).map((key) => sql`${flag(key)}`);
    return flags.length === 0 ? sql`true` : sql.join(flags, sql` and `);
  };
  const flags = keys.map((key) => sql`(${filters.get(key)}) as ${flag(key)}`);
  const nearMatches =
    keys.length < 2
      ? sql`true`
      : sql.join(
          keys.map((except) => sql`(${and(...keys.filter((key) => key !== except).map((key) => filters.get(key)))})`),
          sql` or `,
        );
  const rows = sql`select ${sql.raw(FACET_COLUMNS)}, ${offeredCondition} as ${OFFERED}${flags.length === 0 ? sql`` : sql`, ${sql.join(flags, sql`, `)}`}
    from ${source} where ${where} and (${nearMatches})`;
  const columns = GROUPED.flatMap(({ key, column }, i) => [
    sql`${column}::text as ${sql.raw(`v${i}`)}`,
    sql`count(*) filter (where ${passing(key)})::int as ${sql.raw(`n${i}`)}`,
  ]);
  const collections = COLLECTION_VALUES.map(
    (value, j) =>
      sql`count(*) filter (where ${passing('collection')} and ${value === SPECIAL_OFFERS ? OFFERED : sql`${value} = any(${P.collections})`})::int as ${sql.raw(`c${j}`)}`,
  );
  const arrays = FOOD_ARRAYS.map(({ column }, k) => sql`${column} as ${sql.raw(`a${k}`)}`);
  return sql`select ${sql.join([...columns, ...arrays, ...collections, sql`count(*) filter (where ${passing()})::int as total`], sql`, `)}
    from (${rows}) as ${P.table}
    group by grouping sets (${sql.join(
      GROUPED.map(({ column }) => sql`(${column})`),
      sql`, `,
    )}, (${sql.join(
      FOOD_ARRAYS.map(({ column }) => column),
      sql`, `,
    )}), ())`;
}

/** Whether the row has an offer the customer can have today (filters.ts collectionCondition): special offers count it. */
const OFFERED = sql.raw('"offered"');

// The columns of products_facets_idx (its keys and included columns), so the counts are an index-only scan.
const FACET_COLUMNS = ['category_id', 'brand', 'storage', 'pack_type', 'collections', 'allergens_free', 'dietary', 'allergens_contained', 'allergens_may_contain']
  .map((c) => `"products"."${c}"`)
  .join(', ');

/** Reads the grouping-set rows: one per value of each grouped facet, plus the grand-total row. */
export function readFacetAggregate(rows: AggregateRow[]): { counts: CountRow[]; total: number } {
  const counts: CountRow[] = [];
  const foodCounts = new Map<string, number>();
  let total = 0;
  for (const row of rows) {
    const i = GROUPED.findIndex((_, index) => row[`v${index}`] !== null);
    const facet = GROUPED[i];
    if (facet) {
      const n = Number(row[`n${i}`] ?? 0);
      if (n > 0) counts.push({ facet: facet.key, value: String(row[`v${i}`]), n });
      continue;
    }
    if (row.a0 !== null && row.a0 !== undefined) {
      const n = Number(row.total ?? 0);
      FOOD_ARRAYS.forEach((food, k) => {
        const held = row[`a${k}`];
        // A value written twice in one array, or one not in the list, counts as the filter reads it: once, or not at all.
        if (n > 0 && Array.isArray(held)) for (const value of new Set(held)) if (food.values.has(value)) foodCounts.set(`${food.key}:${value}`, (foodCounts.get(`${food.key}:${value}`) ?? 0) + n);
      });
      continue;
    }
    COLLECTION_VALUES.forEach((value, j) => {
      const n = Number(row[`c${j}`] ?? 0);
      if (n > 0) counts.push({ facet: 'collection', value, n });
    });
    total = Number(row.total ?? 0);
  }
  for (const [facetValue, n] of foodCounts) {
    const [facet, value] = facetValue.split(':') as [FacetKey, string];
    counts.push({ facet, value, n });
  }
  return { counts, total };
}

/** Leaf counts rolled up the tree, so a parent category shows the products of all its leaves. */
function rollUpCategories(leafCounts: Map<string, number>, categories: RangeCategories): Map<string, number> {
  const totals = new Map<string, number>();
  const total = (id: string): number => {
    const sum = categories.children(id).reduce((acc, child) => acc + total(child.id), leafCounts.get(id) ?? 0);
    if (sum > 0 && id !== categories.range) totals.set(id, sum);
    return sum;
  };
  total(categories.range);
  return totals;
}

export interface FacetRequest {
  counts: CountRow[];
  query: SearchQuery;
  sort: SortCode;
  categories: RangeCategories;
}

/** Shapes the counts as OCC facets: selected values marked, each value with the query that toggles it. */
export function searchFacets(request: FacetRequest): Facet[] {
  const rows = request.counts;
  const { categories } = request;
  return FACETS.map(({ key, name, category }, priority) => {
    let counts = new Map(rows.filter((row) => row.facet === key && row.value !== null).map((row) => [row.value, Number(row.n)]));
    if (key === 'category') counts = rollUpCategories(counts, categories);
    // A selected value stays listed (with 0) so it can be switched off even when nothing matches it now.
    for (const f of request.query.filters) if (f.key === key && !counts.has(f.value)) counts.set(f.value, 0);
    const values = [...counts].map(([code, count]) => {
      const toggled = formatSearchQuery(toggleFilter(request.query, key, code), request.sort);
      return {
        code,
        name: (key === 'category' ? categories.name(code) : VALUE_NAMES[key]?.[code]) ?? code,
        count,
        selected: isSelected(request.query, key, code),
        query: { query: { value: toggled }, url: `/search?q=${encodeURIComponent(toggled)}` },
      };
    });
    values.sort((a, b) =>
      key === 'category'
        ? categories.treeOrder(a.code) - categories.treeOrder(b.code)
        : b.count - a.count || a.name.localeCompare(b.name),
    );
    return { code: key, name, category, multiSelect: true as const, visible: true as const, priority: FACETS.length - priority, values };
  }).filter((facet) => facet.values.length > 0);
}
