import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The metrics of one app: a registry of its own (several apps in one test process must not share series) with
 * Node's default metrics, event-loop delay (nodejs_eventloop_lag_*) among them. docs/metrics.md lists them all.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}
