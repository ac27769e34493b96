import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { products } from '../db/schema';
import { childrenByParent, type CategoryRow } from './categories';
import { allConditionsExcept } from './filters';
import { selectRows } from './sql-rows';
import {
  formatSearchQuery,
  isSelected,
  toggleFilter,
  type FilterKey,
  type SearchQuery,
  type SortCode,
} from './search-query';

type FacetKey = Exclude<FilterKey, 'featuredProduct'>;

const FACETS: { key: FacetKey; name: string; column: SQL; category: boolean }[] = [
  { key: 'category', name: 'Category', column: sql`${products.categoryId}`, category: true },
  { key: 'brand', name: 'Brand', column: sql`${products.brand}`, category: false },
  { key: 'storage', name: 'Storage', column: sql`${products.storage}`, category: false },
  { key: 'packType', name: 'Pack type', column: sql`${products.packType}`, category: false },
  { key: 'collection', name: 'Collection', column: sql`unnest(${products.collections})`, category: false },
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

interface CountRow {
  facet: FacetKey;
  value: string;
  n: number;
}

/**
 * Counts per facet value in one statement. Each facet counts over the products matching the free text
 * and every OTHER selected filter, so each branch is narrowed by its own indexable conditions instead
 * of counting the whole catalogue once per facet.
 */
async function countFacetValues(db: DbOrTx, base: SQL[], filters: Map<FilterKey, SQL>): Promise<CountRow[]> {
  const branches = FACETS.map(
    ({ key, column }) =>
      sql`select ${key}::text as facet, value, count(*)::int as n from (select ${column} as value from ${products} where ${allConditionsExcept(base, filters, key)}) as matches group by value`,
  );
  const rows = await selectRows<CountRow>(db, sql.join(branches, sql` union all `));
  return rows.map((row) => ({ facet: row.facet, value: row.value, n: Number(row.n) }));
}

/** Leaf counts rolled up the tree, so a parent category shows the products of all its leaves. */
function rollUpCategories(leafCounts: Map<string, number>, categories: CategoryRow[], range: string): Map<string, number> {
  const byParent = childrenByParent(categories);
  const totals = new Map<string, number>();
  const total = (id: string): number => {
    const own = leafCounts.get(id) ?? 0;
    const sum = (byParent.get(id) ?? []).reduce((acc, child) => acc + total(child.id), own);
    if (sum > 0 && id !== range) totals.set(id, sum);
    return sum;
  };
  total(range);
  return totals;
}

/** Position of each category in a depth-first walk: parents before their children, siblings in set order. */
function treeOrder(categories: CategoryRow[], range: string): Map<string, number> {
  const byParent = childrenByParent(categories);
  const order = new Map<string, number>();
  const visit = (id: string) => {
    order.set(id, order.size);
    for (const child of byParent.get(id) ?? []) visit(child.id);
  };
  visit(range);
  return order;
}

export interface FacetRequest {
  base: SQL[];
  filters: Map<FilterKey, SQL>;
  query: SearchQuery;
  sort: SortCode;
  categories: CategoryRow[];
  range: string;
}

export async function searchFacets(db: DbOrTx, request: FacetRequest): Promise<Facet[]> {
  const rows = await countFacetValues(db, request.base, request.filters);
  const categoryNames = new Map(request.categories.map((c) => [c.id, c.name]));
  const categoryOrder = treeOrder(request.categories, request.range);
  return FACETS.map(({ key, name, category }, priority) => {
    let counts = new Map(rows.filter((row) => row.facet === key).map((row) => [row.value, row.n]));
    if (key === 'category') counts = rollUpCategories(counts, request.categories, request.range);
    // A selected value stays listed (with 0) so it can be switched off even when nothing matches it now.
    for (const f of request.query.filters) if (f.key === key && !counts.has(f.value)) counts.set(f.value, 0);
    const values = [...counts].map(([code, count]) => {
      const toggled = formatSearchQuery(toggleFilter(request.query, key, code), request.sort);
      return {
        code,
        name: (key === 'category' ? categoryNames.get(code) : VALUE_NAMES[code]) ?? code,
        count,
        selected: isSelected(request.query, key, code),
        query: { query: { value: toggled }, url: `/search?q=${encodeURIComponent(toggled)}` },
      };
    });
    values.sort((a, b) =>
      key === 'category'
        ? (categoryOrder.get(a.code) ?? 0) - (categoryOrder.get(b.code) ?? 0)
        : b.count - a.count || a.name.localeCompare(b.name),
    );
    return { code: key, name, category, multiSelect: true as const, visible: true as const, priority: FACETS.length - priority, values };
  }).filter((facet) => facet.values.length > 0);
}
