import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

/** The label of requests no route matched: their addresses are whatever a caller typed, so never a label. */
export const UNMATCHED_ROUTE = 'unmatched';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Child = ReturnType<Histogram<'method' | 'route' | 'status'>['labels']>;

/**
 * http_request_duration_seconds{method,route,status}: the route is the pattern that matched (e.g.
 * /occ/v2/b2b/users/:userId/orders), never the address, so the series stay as many as the routes. Fastify
 * measured the time already (reply.elapsedTime); each label set's series is looked up once and kept.
 */
export function observeRequestDurations(app: FastifyInstance, registry: Registry): void {
  const histogram = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'API request durations by route pattern, method and status',
    labelNames: ['method', 'route', 'status'],
    buckets: BUCKETS,
    registers: [registry],
  });
  const series = new Map<string, Child>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let child = series.get(key);
    if (child === undefined) {
      child = histogram.labels(request.method, route, String(reply.statusCode));
      series.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });
}
