import { z } from 'zod';

/**
 * The API's configuration, read from the environment in this one place and checked at start-up.
 * Demo mode (no DATABASE_URL) runs on the embedded PGlite and generates its own secrets.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  STOREFRONT_CLIENT_ID: z.string().min(1).default('storefront'),
  STOREFRONT_CLIENT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(90 * 86_400).default(30 * 86_400),
  /** How long a resolved access token is reused in-process; bounds how late another process's revocation lands here. */
  TOKEN_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  /** After SIGTERM, how long to keep serving with readiness failing, so a load balancer can stop routing here. */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(60).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  demoMode: boolean;
  storefrontClient: { id: string; secret: string };
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  tokenCacheSeconds: number;
  logLevel: Env['LOG_LEVEL'];
  shutdownDelaySeconds: number;
  trustProxy: boolean;
}

export class ConfigError extends Error {}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
