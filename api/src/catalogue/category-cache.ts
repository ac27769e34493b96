import type { Range } from '../accounts/ship-tos';
import type { DbOrTx } from '../db/client';
import { loadRangeCategories, type RangeCategories } from './categories';

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
