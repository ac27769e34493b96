/**
 * Checks the configuration once when the server starts, so a missing secret stops it with a clear message, and
 * starts the metrics server when METRICS_PORT is set (docs/metrics.md); one that cannot listen never stops the shop.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { checkConfigAtStartup } = await import('./lib/config-startup');
    checkConfigAtStartup();
    const { getConfig } = await import('./lib/config');
    const metrics = getConfig().metrics;
    if (metrics) {
      const { serveStorefrontMetrics } = await import('./lib/metrics/storefront-metrics');
      await serveStorefrontMetrics(metrics.port, metrics.host);
    }
  }
}
