import type { FastifyInstance } from 'fastify';
import type { ChannelBacklog } from '../outbox/outbox-backlog';
import type { OutboxObserver } from '../outbox/outbox';
import { databaseMetrics } from './database-metrics';
import { MetricsServer } from './metrics-server';
import { createMetricsRegistry } from './metrics-registry';
import { outboxMetrics } from './outbox-metrics';
import { observeRequestDurations } from './request-duration';
import { schedulerMetrics, type SchedulerBacklog } from './scheduler-metrics';
import { searchIndexMetrics, type SearchIndexState } from './search-index-metrics';

/** Where the metrics read what they report; each is asked at scrape time only. */
export interface MetricSources {
  outboxBacklog(): Promise<ChannelBacklog[]>;
  schedulerBacklog(): Promise<SchedulerBacklog>;
  poolUsage(): { inUse: number; waiting: number };
  searchIndex(): SearchIndexState | null;
}

export interface AppMetrics {
  /** Counts the outbox's failed attempts. */
  outbox: OutboxObserver;
  /** The metrics server's address once the app is ready (tests scrape it); undefined when it could not listen. */
  readonly url: string | undefined;
}

/**
 * The series of docs/metrics.md for one app, served on `port` from when the app is ready until it closes.
 * `sources` is read lazily: what it reads (the scheduler, the search index) may be made after this.
 */
export function registerAppMetrics(app: FastifyInstance, listen: { port: number; host: string }, sources: () => MetricSources): AppMetrics {
  const registry = createMetricsRegistry();
  observeRequestDurations(app, registry);
  const outbox = outboxMetrics(registry, () => sources().outboxBacklog(), app.log);
  schedulerMetrics(registry, () => sources().schedulerBacklog(), app.log);
  databaseMetrics(registry, () => sources().poolUsage());
  searchIndexMetrics(registry, () => sources().searchIndex());
  const server = new MetricsServer(registry);
  // Metrics are for the operators, never worth the shop: a port already taken costs the metrics, not the API.
  app.addHook('onReady', async () => {
    try {
      await server.start(listen.port, listen.host);
    } catch (error) {
      app.log.error({ err: error, port: listen.port, host: listen.host }, 'metrics server could not listen: serving without metrics');
    }
  });
  app.addHook('onClose', async () => server.stop());
  return {
    outbox,
    get url() {
      return server.url;
    },
  };
}
