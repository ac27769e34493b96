import { resolve } from 'node:path';
import { ConfigError, parseEnv, type Config } from './env';
import { loadOrCreateDemoSecrets } from './demo-secrets';

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
  return {
    env: env.NODE_ENV,
    port: env.API_PORT,
    host: env.API_HOST,
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
    shutdownDelaySeconds: env.SHUTDOWN_DELAY_SECONDS,
    trustProxy: env.TRUST_PROXY,
  };
}

export { ConfigError, type Config };
