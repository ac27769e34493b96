import { and, sql, type SQL } from 'drizzle-orm';
import type { RangeCategories } from './categories';
import {
  formatSearchQuery,
  isSelected,
  toggleFilter,
  type FilterKey,
  type SearchQuery,
  type SortCode,
} from './search-query';
import { P } from './sql-names';

type FacetKey = Exclude<FilterKey, 'featuredProduct'>;

const FACETS: { key: FacetKey; name: string; column: SQL | undefined; category: boolean }[] = [
  { key: 'category', name: 'Category', column: P.categoryId, category: true },
  { key: 'brand', name: 'Brand', column: P.brand, category: false },
  { key: 'storage', name: 'Storage', column: P.storage, category: false },
  { key: 'packType', name: 'Pack type', column: P.packType, category: false },
  // Counted per value from the array in the grand-total row of the aggregate, not grouped by a column.
  { key: 'collection', name: 'Collection', column: undefined, category: false },
];

const VALUE_NAMES: Record<string, string> = {
  chilled: 'Chilled',
  frozen: 'Frozen',
  ambient: 'Ambient',
  specialoffers: 'Special offers',
  bestsellers: 'Best sellers',
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

/** One grouping-set row: v{i}/n{i} are the value and count of GROUPED[i] (null outside its set); c{j} the collection counts. */
export type AggregateRow = Record<string, string | number | null>;

/**
 * Every facet's counts and the total in ONE pass over `source` (grouping sets). Each selected filter is
 * evaluated once per row into a flag; each facet counts the rows passing every flag but its own. With
 * two or more filters, a row failing two of them counts nowhere, so only rows failing at most one are
 * read (an OR of index-friendly conditions instead of the whole range).
 */
export function facetAggregate(source: SQL, base: SQL, filters: Map<FilterKey, SQL>): SQL {
  const keys = [...filters.keys()];
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
  const rows = sql`select ${sql.raw(FACET_COLUMNS)}${flags.length === 0 ? sql`` : sql`, ${sql.join(flags, sql`, `)}`}
    from ${source} where ${base} and (${nearMatches})`;
  const columns = GROUPED.flatMap(({ key, column }, i) => [
    sql`${column}::text as ${sql.raw(`v${i}`)}`,
    sql`count(*) filter (where ${passing(key)})::int as ${sql.raw(`n${i}`)}`,
  ]);
  const collections = COLLECTION_VALUES.map(
    (value, j) => sql`count(*) filter (where ${passing('collection')} and ${value} = any(${P.collections}))::int as ${sql.raw(`c${j}`)}`,
  );
  return sql`select ${sql.join([...columns, ...collections, sql`count(*) filter (where ${passing()})::int as total`], sql`, `)}
    from (${rows}) as ${P.table}
    group by grouping sets (${sql.join(GROUPED.map(({ column }) => sql`(${column})`), sql`, `)}, ())`;
}

const FACET_COLUMNS = ['category_id', 'brand', 'storage', 'pack_type', 'collections'].map((c) => `"products"."${c}"`).join(', ');

/** Reads the grouping-set rows: one per value of each grouped facet, plus the grand-total row. */
export function readFacetAggregate(rows: AggregateRow[]): { counts: CountRow[]; total: number } {
  const counts: CountRow[] = [];
  let total = 0;
  for (const row of rows) {
    const i = GROUPED.findIndex((_, index) => row[`v${index}`] !== null);
    const facet = GROUPED[i];
    if (facet) {
      const n = Number(row[`n${i}`] ?? 0);
      if (n > 0) counts.push({ facet: facet.key, value: String(row[`v${i}`]), n });
      continue;
    }
    COLLECTION_VALUES.forEach((value, j) => {
      const n = Number(row[`c${j}`] ?? 0);
      if (n > 0) counts.push({ facet: 'collection', value, n });
    });
    total = Number(row.total ?? 0);
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
        name: (key === 'category' ? categories.name(code) : VALUE_NAMES[code]) ?? code,
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
