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
  /** At least one sellable product sits directly in it. */
  stocked: boolean;
}

/**
 * Everything the catalogue's answers derive from a range's categories (tens of rows), worked out once
 * per load instead of once per request: the tree, names, descendants and the depth-first order.
 */
export class RangeCategories {
  /** The range's tree below its root, keeping only branches that lead to sellable products. */
  readonly tree: CategoryNode;
  private readonly byParent = new Map<string | null, CategoryRow[]>();
  private readonly names = new Map<string, string>();
  /** Position in a depth-first walk: parents before their children, siblings in set order. */
  private readonly order = new Map<string, number>();
  private readonly below = new Map<string, string[]>();

  constructor(
    readonly range: Range,
    rows: CategoryRow[],
  ) {
    for (const row of rows) {
      const siblings = this.byParent.get(row.parentId);
      if (siblings) siblings.push(row);
      else this.byParent.set(row.parentId, [row]);
      this.names.set(row.id, row.name);
    }
    const visit = (id: string): string[] => {
      this.order.set(id, this.order.size);
      const ids = [id, ...(this.byParent.get(id) ?? []).flatMap((child) => visit(child.id))];
      this.below.set(id, ids);
      return ids;
    };
    visit(range);
    const build = (row: CategoryRow): CategoryNode | null => {
      const subcategories = this.children(row.id)
        .map(build)
        .filter((node): node is CategoryNode => node !== null);
      if (subcategories.length === 0 && !row.stocked) return null;
      return { id: row.id, name: row.name, subcategories };
    };
    const root = rows.find((row) => row.id === range);
    this.tree = (root && build(root)) ?? { id: range, name: root?.name ?? range, subcategories: [] };
  }

  children(id: string): CategoryRow[] {
    return this.byParent.get(id) ?? [];
  }

  name(id: string): string | undefined {
    return this.names.get(id);
  }

  /** A category and all categories below it (what filtering on it means); none for a category of another range. */
  descendants(id: string): string[] {
    return this.below.get(id) ?? [];
  }

  treeOrder(id: string): number {
    return this.order.get(id) ?? 0;
  }
}

/** Every category of a range in set order, each flagged when a sellable product sits in it: one index probe per category. */
export async function loadRangeCategories(db: DbOrTx, range: Range): Promise<RangeCategories> {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      parentId: categories.parentId,
      stocked: exists(
        db
          .select({ one: sql`1` })
          .from(products)
          .where(and(eq(products.range, range), eq(products.categoryId, categories.id), not(products.discontinued))),
      ).mapWith(Boolean),
    })
    .from(categories)
    .where(eq(categories.range, range))
    .orderBy(asc(categories.position), asc(categories.id));
  return new RangeCategories(range, rows);
}
