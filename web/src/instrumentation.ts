/**
 * Checks the configuration once when the server starts, so a missing secret stops it with a clear message, and
 * starts the metrics server when METRICS_PORT is set (docs/metrics.md).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { checkConfigAtStartup } = await import('./lib/config-startup');
    checkConfigAtStartup();
    const { getConfig } = await import('./lib/config');
    const metrics = getConfig().metrics;
    if (metrics) {
      const { startStorefrontMetrics } = await import('./lib/metrics/storefront-metrics');
      const url = await startStorefrontMetrics(metrics.port, metrics.host);
      console.log(`storefront metrics on ${url}/metrics`);
    }
  }
}
