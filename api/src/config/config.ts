import { resolve } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { ConfigError, parseEnv, type Config } from './env';
import { loadOrCreateDemoSecrets } from './demo-secrets';
import { invoiceIssuer } from './invoice-issuer';
import { outboxConfig } from './outbox-config';

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = parseEnv(source);
  const demoMode = env.DATABASE_URL === undefined;
  const dataDir = resolve(env.DATA_DIR);
  let secret = env.STOREFRONT_CLIENT_SECRET;
  if (secret === undefined) {
    if (!demoMode) {
      throw new ConfigError(
        'Invalid configuration:\n  STOREFRONT_CLIENT_SECRET: required when DATABASE_URL is set (only demo mode generates one)',
      );
    }
    secret = loadOrCreateDemoSecrets(dataDir).storefrontClientSecret;
  }
  // A movable clock would let anyone reopen a closed cut-off: only a test run or a demo may have one.
  if (env.TEST_CLOCK_CONTROL && (env.NODE_ENV === 'production' || (!demoMode && env.NODE_ENV !== 'test'))) {
    throw new ConfigError('Invalid configuration:\n  TEST_CLOCK_CONTROL: only allowed with NODE_ENV=test, or in demo mode outside production');
  }
  // The metrics tell what the shop does and holds: they must never be reachable where the API is.
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.API_PORT) {
    throw new ConfigError('Invalid configuration:\n  METRICS_PORT: must differ from API_PORT (the metrics are never served on the public port)');
  }
  return {
    env: env.NODE_ENV,
    port: env.API_PORT,
    host: env.API_HOST,
    metrics: env.METRICS_PORT === undefined ? undefined : { port: env.METRICS_PORT, host: env.METRICS_HOST ?? env.API_HOST },
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    redisUrl: env.REDIS_URL,
    demoMode,
    storefrontClient: { id: env.STOREFRONT_CLIENT_ID, secret },
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    tokenCacheSeconds: env.TOKEN_CACHE_SECONDS,
    refreshTokenTtlSeconds: env.REFRESH_TOKEN_TTL_SECONDS,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (demoMode ? 'readable' : 'json'),
    shutdownDelaySeconds: env.SHUTDOWN_DELAY_SECONDS,
    trustProxy: env.TRUST_PROXY,
    loadShedding: {
      // PGlite runs its queries on the event loop, so there the delay measures the database's work, not overload.
      maxEventLoopDelayMs: env.LOAD_SHED_EVENT_LOOP_DELAY_MS ?? (demoMode ? 0 : 1000),
      maxHeapUsedBytes: env.LOAD_SHED_HEAP_USED_MB === undefined ? Math.floor(getHeapStatistics().heap_size_limit * 0.9) : env.LOAD_SHED_HEAP_USED_MB * 1024 * 1024,
      sampleIntervalMs: env.LOAD_SHED_SAMPLE_INTERVAL_MS,
      retryAfterSeconds: env.LOAD_SHED_RETRY_AFTER_SECONDS,
    },
    clockControl: env.TEST_CLOCK_CONTROL,
    searchIndex: env.SEARCH_INDEX === 'on',
    ...outboxConfig(env),
    standingOrders: { intervalMs: env.STANDING_ORDERS_INTERVAL_SECONDS * 1000, horizonDays: env.STANDING_ORDERS_HORIZON_DAYS },
    checkinWindowHours: env.CHECKIN_WINDOW_HOURS,
    checkinPhotoUploadsPerHour: env.CHECKIN_PHOTO_UPLOADS_PER_HOUR,
    invoiceIssuer: invoiceIssuer(env, demoMode),
    cutoffReminderHours: env.CUTOFF_REMINDER_HOURS,
  };
}

export { ConfigError, type Config };
