import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { apiRouteLabel } from './api-route-label';

/**
 * The storefront's metrics (docs/metrics.md): Node's defaults (event-loop delay among them) and the durations
 * of its calls to the API, served as GET /metrics on METRICS_PORT by a server of their own, never the shop's
 * port. Next may load this module once per bundle (instrumentation, pages, route handlers): the one registry
 * lives on globalThis, so every copy records into what the metrics server serves.
 */
interface StorefrontMetrics {
  registry: Registry;
  apiCalls: Histogram<'route' | 'status'>;
  server: Server;
}

const KEY = Symbol.for('meadowvale.storefront-metrics');
type Holder = { [KEY]?: StorefrontMetrics };
const holder = globalThis as Holder;

/** Starts the metrics server (once per process); resolves with its address. */
export async function startStorefrontMetrics(port: number, host: string): Promise<string> {
  let metrics = holder[KEY];
  if (!metrics) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const apiCalls = new Histogram({
      name: 'storefront_api_request_duration_seconds',
      help: "Durations of the storefront's calls to the API, by route (ids replaced) and status ('failed': no answer)",
      labelNames: ['route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
      registers: [registry],
    });
    const server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected\n'),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    metrics = { registry, apiCalls, server };
    holder[KEY] = metrics;
  }
  const { address, port: bound, family } = metrics.server.address() as AddressInfo;
  return `http://${family === 'IPv6' ? `[${address}]` : address}:${bound}`;
}

/**
 * Starts the metrics server as startStorefrontMetrics does, but one that cannot listen (its port taken, a bad
 * METRICS_HOST) is logged and the shop serves on without metrics: a failure of instrumentation's register()
 * would fail every page.
 */
export async function serveStorefrontMetrics(port: number, host: string): Promise<string | undefined> {
  try {
    const url = await startStorefrontMetrics(port, host);
    console.log(`storefront metrics on ${url}/metrics`);
    return url;
  } catch (error) {
    console.error(`storefront metrics could not listen on ${host}:${port}, serving without metrics:`, error instanceof Error ? error.message : error);
    return undefined;
  }
}

/** Records one API call; nothing at all while the metrics are off (METRICS_PORT unset). */
export function recordApiCall(path: string, status: number | 'failed', seconds: number): void {
  holder[KEY]?.apiCalls.observe({ route: apiRouteLabel(path), status: String(status) }, seconds);
}

/** Stops the metrics server (tests). */
export async function stopStorefrontMetrics(): Promise<void> {
  const metrics = holder[KEY];
  if (!metrics) return;
  delete holder[KEY];
  await new Promise<void>((resolve) => metrics.server.close(() => resolve()));
}
