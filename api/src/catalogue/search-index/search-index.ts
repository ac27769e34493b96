import type { Database } from '../../db/client';
import { readChangedPrices, readChangedProducts, readSoldToPrices, sortsByCodePoint } from './index-loader';
import { ProductStore } from './product-store';

/** The channel migration 0006_search notifies on; payloads 'products:<first change>', 'prices:…', 'categories:reload'. */
export const CATALOGUE_CHANNEL = 'mv_catalogue_changed';
const RETRY_MS = 1_000;

type Pending = number | 'reload' | null;

const earliest = (pending: Pending, next: number | 'reload'): Pending =>
  pending === 'reload' || next === 'reload' ? 'reload' : pending === null ? next : Math.min(pending, next);

export interface SearchIndexHooks {
  /** Categories (names, tree, which hold sellable products) may have changed. */
  catalogueChanged(): void;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
}

/**
 * This process's copy of what search reads: the sellable products (ProductStore) and the own prices of the
 * sold-tos searched with. Built from the database at start-up and kept current from the notifications
 * every change to products, prices or categories sends (migration 0006_search), applied one batch at a
 * time in order: each notification names the first change number of its statement, and every row
 * numbered from there is read again (numbers are taken before commit, so a later commit can carry a
 * lower number than one already read; reading from each statement's own first number misses none). Until it is built, and whenever it may have missed a change (the listening connection
 * dropped, rows were deleted), `store` is null and search answers from SQL instead.
 */
export class SearchIndex {
  private current: ProductStore | null = null;
  private readonly prices = new Map<string, Map<string, number>>();
  private readonly loadingPrices = new Set<string>();
  private pendingProducts: Pending = null;
  private pendingPrices: Pending = null;
  private work: Promise<void> = Promise.resolve();
  private stopListening: (() => Promise<void>) | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  /** When the index was last built from scratch (ms since the epoch); null before the first build. */
  builtAt: number | null = null;
  /** Settles when the first build has finished or failed (a failed one is retried in the background). */
  firstBuild: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly hooks: SearchIndexHooks,
  ) {}

  get store(): ProductStore | null {
    return this.current;
  }

  /** Resolves once the index has been built (or found unusable); keeps retrying in the background on failure. */
  start(): Promise<void> {
    this.firstBuild = this.build();
    return this.firstBuild;
  }

  private async build(): Promise<void> {
    if (this.closed) return;
    try {
      this.stopListening = await this.database.listen(CATALOGUE_CHANNEL, {
        onMessage: (payload) => this.notified(payload),
        onLost: (error) => this.lost(error),
      });
      this.pendingProducts = 'reload';
      this.pendingPrices = 'reload';
      this.enqueue(() => this.drain());
      await this.work;
    } catch (error) {
      this.lost(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** Resolves when every notification received so far has been applied. */
  settled(): Promise<void> {
    return this.work;
  }

  /** The sold-to's own prices, or undefined while they are being read (the search answers from SQL meanwhile). */
  pricesOf(soldTo: string): ReadonlyMap<string, number> | undefined {
    const known = this.prices.get(soldTo);
    if (known !== undefined || this.loadingPrices.has(soldTo) || this.current === null) return known;
    this.loadingPrices.add(soldTo);
    this.enqueue(async () => {
      try {
        this.prices.set(soldTo, await readSoldToPrices(this.database.db, soldTo));
      } finally {
        this.loadingPrices.delete(soldTo);
      }
    });
    return undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.current = null;
    // The database may already be closed (shutdown order, tests of an outage): nothing is left to stop then.
    await this.stopListening?.().catch(() => undefined);
    await this.work.catch(() => undefined);
  }

  private notified(payload: string): void {
    const [table, from] = payload.split(':');
    const next = from === 'reload' ? 'reload' : Number(from);
    if (next !== 'reload' && !Number.isSafeInteger(next)) return;
    if (table === 'products') this.pendingProducts = earliest(this.pendingProducts, next);
    if (table === 'prices') this.pendingPrices = earliest(this.pendingPrices, next);
    // The category tree shows only branches holding sellable products, so products changing can change it too.
    if (table === 'categories' || table === 'products') this.hooks.catalogueChanged();
    this.enqueue(() => this.drain());
  }

  private lost(error: Error): void {
    if (this.closed) return;
    this.hooks.log.warn({ err: error }, 'search index: change notifications lost; searching in SQL until rebuilt');
    this.current = null;
    this.prices.clear();
    void this.stopListening?.().catch(() => undefined);
    this.stopListening = undefined;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.build(), RETRY_MS);
  }

  private enqueue(task: () => Promise<void>): void {
    this.work = this.work.then(task).catch((error: unknown) => this.lost(error instanceof Error ? error : new Error(String(error))));
  }

  private async drain(): Promise<void> {
    const products = this.pendingProducts;
    const prices = this.pendingPrices;
    this.pendingProducts = null;
    this.pendingPrices = null;
    const { db } = this.database;
    if (products === 'reload') {
      this.current = null;
      if (!(await sortsByCodePoint(db))) {
        this.hooks.log.warn({}, 'search index: the database does not sort text by code point; searching in SQL');
        return;
      }
      const store = new ProductStore();
      const started = performance.now();
      await readChangedProducts(db, 0, (product) => store.put(product, true));
      store.buildPostings();
      this.current = store;
      this.builtAt = Date.now();
      this.hooks.log.info({ products: store.productCount, ms: Math.round(performance.now() - started) }, 'search index built');
    } else if (products !== null && this.current !== null) {
      const store = this.current;
      await readChangedProducts(db, products, (product) => store.put(product));
    }
    if (prices === 'reload') {
      this.prices.clear();
    } else if (prices !== null && this.prices.size > 0) {
      await readChangedPrices(db, prices, (change) => this.prices.get(change.soldTo)?.set(change.code, change.pence));
    }
  }
}
