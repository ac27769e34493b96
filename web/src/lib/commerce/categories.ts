import 'server-only';
import { apiRequest } from '@/lib/api/client';
import { categoryTreeSchema, rangeSchema, type CategoryNode, type Range } from './types';

/** docs/storefront-requirements.md §9: category navigation is cached for 4 hours per user and range, and cleared on sign-out and account switch. */
const TTL_MS = 14_400 * 1000;

interface Entry {
  expires: number;
  tree: CategoryNode[];
}

const cache = new Map<string, Entry>();
const key = (username: string, range: Range) => `${username}\u0000${range}`;

export function clearCategoryCache(username: string): void {
  for (const range of rangeSchema.options) cache.delete(key(username, range));
}

export async function getCategoryTree(username: string, range: string): Promise<CategoryNode[]> {
  const known = rangeSchema.safeParse(range);
  if (!known.success) {
    console.error(`Ignoring unknown top-level category id ${JSON.stringify(range)}`);
    return [];
  }
  const cacheKey = key(username, known.data);
  const hit = cache.get(cacheKey);
  if (hit && hit.expires > Date.now()) return hit.tree;
  const result = await apiRequest(
    categoryTreeSchema,
    `/catalogs/meadowvaleProductCatalog/Online/categories/${range}`,
    { query: { fields: 'DEFAULT' } },
  );
  if (!result.ok) return [];
  const tree = result.data.subcategories;
  cache.set(cacheKey, { expires: Date.now() + TTL_MS, tree });
  return tree;
}

/** The path from the top of the range down to `id` (breadcrumbs), or undefined when `id` is not in the tree. */
export function categoryPath(tree: CategoryNode[], id: string): CategoryNode[] | undefined {
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = categoryPath(node.subcategories, id);
    if (below) return [node, ...below];
  }
  return undefined;
}
