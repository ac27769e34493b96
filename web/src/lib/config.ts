import 'server-only';
import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { z } from 'zod';

/**
 * The storefront's configuration: the one place that reads process.env, checked by one schema on first use.
 * Demo mode (both secrets unset) reads the secrets the API generated into DATA_DIR/demo-secrets.json.
 */
const envSchema = z.object({
  API_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:4000'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  STOREFRONT_CLIENT_ID: z.string().min(1).default('storefront'),
  STOREFRONT_CLIENT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** GET /metrics (Prometheus) on this port of its own, never the shop's; unset: no metrics (docs/metrics.md). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The interface the metrics listen on; unset: loopback, so only the machine itself can scrape them. */
  METRICS_HOST: z.string().min(1).optional(),
  /** The shop's port (server.mjs reads it too), so the metrics can never be served on it. */
  WEB_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** '1' only in the e2e suite: enables the deliberate render-crash page that tests the error page. */
  E2E_HOOKS: z.enum(['0', '1']).default('0'),
});

const demoSecretsSchema = z.object({ storefrontClientSecret: z.string().min(16), sessionSecret: z.string().min(32) });

export interface WebConfig {
  apiUrl: string;
  sessionSecret: string;
  client: { id: string; secret: string };
  dataDir: string;
  production: boolean;
  e2eHooks: boolean;
  /** Where GET /metrics is served; undefined: metrics off. */
  metrics: { port: number; host: string } | undefined;
}

export class WebConfigError extends Error {}

/** A relative DATA_DIR is read from the repository root, whichever of root or web/ the process started in. */
function resolveDataDir(dataDir: string): string {
  const root = basename(process.cwd()) === 'web' ? resolve(process.cwd(), '..') : process.cwd();
  return resolve(root, dataDir);
}

function readDemoSecrets(dataDir: string): z.infer<typeof demoSecretsSchema> {
  const file = join(dataDir, 'demo-secrets.json');
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch {
    throw new WebConfigError(
      `Invalid configuration:\n  SESSION_SECRET and STOREFRONT_CLIENT_SECRET are unset (demo mode) but ${file} does not exist yet: start the API first (it writes the demo secrets), or set both variables.`,
    );
  }
  const parsed = demoSecretsSchema.safeParse(JSON.parse(raw));
  if (!parsed.success) throw new WebConfigError(`Invalid configuration:\n  ${file} is not a valid demo secrets file`);
  return parsed.data;
}

export function parseWebConfig(source: NodeJS.ProcessEnv): WebConfig {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new WebConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const shopPort = env.WEB_PORT ?? env.PORT ?? 3000;
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === shopPort) {
    throw new WebConfigError('Invalid configuration:\n  METRICS_PORT: must differ from the shop\'s port (the metrics are never served on the public port)');
  }
  const dataDir = resolveDataDir(env.DATA_DIR);
  let sessionSecret = env.SESSION_SECRET;
  let clientSecret = env.STOREFRONT_CLIENT_SECRET;
  if (sessionSecret === undefined && clientSecret === undefined) {
    const demo = readDemoSecrets(dataDir);
    sessionSecret = demo.sessionSecret;
    clientSecret = demo.storefrontClientSecret;
  }
  if (sessionSecret === undefined || clientSecret === undefined) {
    const missing = sessionSecret === undefined ? 'SESSION_SECRET' : 'STOREFRONT_CLIENT_SECRET';
    throw new WebConfigError(`Invalid configuration:\n  ${missing}: required when the other secret is set (only demo mode, with both unset, reads generated secrets)`);
  }
  return {
    apiUrl: env.API_URL.replace(/\/+$/, ''),
    sessionSecret,
    client: { id: env.STOREFRONT_CLIENT_ID, secret: clientSecret },
    dataDir,
    production: env.NODE_ENV === 'production',
    e2eHooks: env.E2E_HOOKS === '1',
    metrics: env.METRICS_PORT === undefined ? undefined : { port: env.METRICS_PORT, host: env.METRICS_HOST ?? '127.0.0.1' },
  };
}

let cached: WebConfig | undefined;

/** Read lazily so `next build` needs no secrets; the first request (or instrumentation at start-up) checks it. */
export function getConfig(): WebConfig {
  cached ??= parseWebConfig(process.env);
  return cached;
}
