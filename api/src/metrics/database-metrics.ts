import { Gauge, type Registry } from 'prom-client';

/** db_pool_connections_in_use and db_pool_waiting_requests, read from the pool at each scrape. */
export function databaseMetrics(registry: Registry, usage: () => { inUse: number; waiting: number }): void {
  new Gauge({
    name: 'db_pool_connections_in_use',
    help: 'Database connections checked out of the pool',
    registers: [registry],
    collect() {
      this.set(usage().inUse);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_requests',
    help: 'Queries waiting for a free database connection',
    registers: [registry],
    collect() {
      this.set(usage().waiting);
    },
  });
}
