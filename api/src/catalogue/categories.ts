import { and, asc, eq, exists, not, sql } from 'drizzle-orm';
import type { Range } from '../accounts/ship-tos';
import type { DbOrTx } from '../db/client';
import { categories, products } from '../db/schema';

export interface CategoryNode {
  id: string;
  name: string;
  subcategories: CategoryNode[];
}

export interface CategoryRow {
  id: string;
  name: string;
  parentId: string | null;
}

/** Every category of a range, in set order (small: tens of rows). */
export async function rangeCategories(db: DbOrTx, range: Range): Promise<CategoryRow[]> {
  return db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.range, range))
    .orderBy(asc(categories.position), asc(categories.id));
}

/** The leaf categories of a range that hold at least one sellable product: one index probe per category. */
async function stockedCategoryIds(db: DbOrTx, range: Range): Promise<Set<string>> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.range, range),
        exists(
          db
            .select({ one: sql`1` })
            .from(products)
            .where(and(eq(products.range, range), eq(products.categoryId, categories.id), not(products.discontinued))),
        ),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** Children of each category, in set order. */
export function childrenByParent(rows: CategoryRow[]): Map<string | null, CategoryRow[]> {
  const byParent = new Map<string | null, CategoryRow[]>();
  for (const row of rows) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row]);
  return byParent;
}

/** A range's tree below its root, keeping only branches that lead to sellable products. */
export async function categoryTree(db: DbOrTx, range: Range): Promise<CategoryNode> {
  const [rows, stocked] = await Promise.all([rangeCategories(db, range), stockedCategoryIds(db, range)]);
  const byParent = childrenByParent(rows);
  const build = (row: CategoryRow): CategoryNode | null => {
    const subcategories = (byParent.get(row.id) ?? []).map(build).filter((node): node is CategoryNode => node !== null);
    if (subcategories.length === 0 && !stocked.has(row.id)) return null;
    return { id: row.id, name: row.name, subcategories };
  };
  const root = rows.find((row) => row.id === range);
  return (root && build(root)) ?? { id: range, name: root?.name ?? range, subcategories: [] };
}

/** A category and all categories below it: what filtering on a category means. */
export function descendantIds(rows: CategoryRow[], id: string): string[] {
  const byParent = childrenByParent(rows);
  const found: string[] = [];
  const visit = (current: string) => {
    found.push(current);
    for (const child of byParent.get(current) ?? []) visit(child.id);
  };
  if (rows.some((row) => row.id === id)) visit(id);
  return found;
}
