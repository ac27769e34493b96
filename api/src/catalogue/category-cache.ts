import { RANGES, type Range } from '../accounts/ship-tos';
import type { DbOrTx } from '../db/client';
import { fail, ok, type Result } from '../errors/result';
import { loadRangeCategories, type CategoryNode, type RangeCategories } from './categories';
import type { CatalogueProblem } from './problems';

export const CATALOG_ID = 'meadowvaleProductCatalog';
export const CATALOG_VERSION = 'Online';

/**
 * How long a process keeps a range's categories. Categories and the products that stock them change only
 * when the catalogue is loaded, which another process (seeding, an import) does; with the search index on,
 * the database's change notifications empty the cache at once (SearchIndex → clear). The expiry is what
 * bounds staleness without them (SEARCH_INDEX=off, or while the listening connection is down): well inside
 * the five minutes the category answer already lets HTTP caches keep it (cache-control max-age=300).
 */
export const CATEGORY_CACHE_TTL_MS = 30_000;

interface Entry {
  loaded: Promise<RangeCategories>;
  expiresAt: number;
}

/** Each range's categories, loaded once per period however many requests ask at the same time. */
export class CategoryCache {
  private readonly entries = new Map<Range, Entry>();

  constructor(
    private readonly db: DbOrTx,
    private readonly ttlMs = CATEGORY_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Forgets every range, so the next request reads them again (the catalogue changed). */
  clear(): void {
    this.entries.clear();
  }

  get(range: Range): Promise<RangeCategories> {
    const current = this.entries.get(range);
    if (current && current.expiresAt > this.now()) return current.loaded;
    const entry: Entry = { loaded: loadRangeCategories(this.db, range), expiresAt: this.now() + this.ttlMs };
    this.entries.set(range, entry);
    // A failed load must not be served for the whole period: the next request tries again.
    void entry.loaded.catch(() => {
      if (this.entries.get(range) === entry) this.entries.delete(range);
    });
    return entry.loaded;
  }
}

/** The category tree of a range of the one catalogue version this shop has, as the OCC address names them. */
export async function categoryTree(
  categories: CategoryCache,
  address: { catalog: string; version: string; range: string },
): Promise<Result<CategoryNode, CatalogueProblem>> {
  if (address.catalog !== CATALOG_ID || address.version !== CATALOG_VERSION) {
    return fail({ kind: 'catalogNotFound', catalog: address.catalog, version: address.version });
  }
  const range = RANGES.find((r) => r === address.range);
  if (range === undefined) return fail({ kind: 'rangeUnknown', range: address.range });
  return ok((await categories.get(range)).tree);
}
