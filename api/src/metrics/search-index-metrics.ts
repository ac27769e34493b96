import { Gauge, type Registry } from 'prom-client';

export interface SearchIndexState {
  /** Whether searches answer from the index (false: from SQL, while it is built or after a lost notification). */
  ready: boolean;
  products: number;
  /** When it was last built from scratch (ms since the epoch); null before the first build. */
  builtAt: number | null;
}

/**
 * search_index_ready, search_index_products and search_index_last_build_age_seconds. With SEARCH_INDEX=off
 * (`state` answers null) none of them has a value.
 */
export function searchIndexMetrics(registry: Registry, state: () => SearchIndexState | null): void {
  const gauge = (name: string, help: string, value: (state: SearchIndexState) => number | undefined) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const current = state();
        const measured = current === null ? undefined : value(current);
        this.reset();
        if (measured !== undefined) this.set(measured);
      },
    });
  gauge('search_index_ready', '1 when searches answer from the in-process index, 0 while they answer from SQL', (s) => (s.ready ? 1 : 0));
  gauge('search_index_products', 'Products in the search index', (s) => s.products);
  gauge('search_index_last_build_age_seconds', 'Seconds since the search index was last built from scratch', (s) => (s.builtAt === null ? undefined : (Date.now() - s.builtAt) / 1000));
}
