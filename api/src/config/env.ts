import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';

/**
 * The API's configuration, read from the environment in this one place and checked at start-up.
 * Demo mode (no DATABASE_URL) runs on the embedded PGlite and generates its own secrets.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  /** GET /metrics (Prometheus) on this port of its own, never API_PORT; unset: no metrics (docs/metrics.md). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The interface the metrics listen on; unset: API_HOST's. */
  METRICS_HOST: z.string().min(1).optional(),
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
  /** json (pino records) or readable (one line per request); unset: readable in demo mode, json otherwise. */
  LOG_FORMAT: z.enum(['json', 'readable']).optional(),
  /** Load shedding (503 + Retry-After): mean event-loop delay over a sample above this; 0 turns it off. */
  LOAD_SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** Load shedding: V8 heap in use above this many MB; unset means 90 % of the heap limit, 0 turns it off. */
  LOAD_SHED_HEAP_USED_MB: z.coerce.number().int().min(0).optional(),
  /** How often the event-loop delay and the heap are sampled. */
  LOAD_SHED_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  LOAD_SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  /** Proxies whose X-Forwarded-For is believed: addresses, CIDR ranges or loopback; the storefront is one. */
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (parsed.ok) return parsed.trust;
      context.addIssue({ code: 'custom', message: parsed.reason });
      return z.NEVER;
    }),
  /** Browser tests only: PUT /test/clock moves the API's "now" (refused in production, see config.ts). */
  TEST_CLOCK_CONTROL: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Product search from the in-process index (docs/decisions/002-search-at-scale.md); 'off' answers every search in SQL. */
  SEARCH_INDEX: z.enum(['on', 'off']).default('on'),
  /** Where order events are posted (the ERP's receiver); unset: events wait in the outbox until it is set. */
  WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** 'true' lets WEBHOOK_URL be on this machine or a private network (a receiver beside the shop, the tests). */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, 'must be a Standard Webhooks secret: whsec_ and at least 24 bytes in base64').optional(),
  /** SMTP server for order e-mails (smtp:// or smtps://, credentials in the URL); unset: mails are kept for /admin/mail/. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Meadowvale Foods <orders@meadowvale.example>'),
  /** The storefront's public address, for links in e-mails. */
  SHOP_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).default('http://localhost:3000'),
  /** How long a webhook receiver or mail server may take to answer one delivery. */
  DELIVERY_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(10),
  OUTBOX_POLL_SECONDS: z.coerce.number().min(0.01).max(300).default(2),
  OUTBOX_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(10),
  OUTBOX_RETRY_MAX_SECONDS: z.coerce.number().min(0.01).max(86_400).default(3600),
  /** How often each API process runs the standing-order scheduler (reminders, placing at the cut-off); 0: never on a timer. */
  STANDING_ORDERS_INTERVAL_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  /** How many days ahead the scheduler queues the jobs of coming deliveries. */
  STANDING_ORDERS_HORIZON_DAYS: z.coerce.number().int().min(2).max(60).default(14),
  /** How long after delivery the buyer may check an order in (docs/after-delivery.md). */
  CHECKIN_WINDOW_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(48),
  /** Check-in photo uploads one user may start in an hour, refused ones included. */
  CHECKIN_PHOTO_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(60),
  /** The supplier on rendered invoices (required in production): name, address lines separated by ";", VAT and company numbers. */
  INVOICE_SUPPLIER_NAME: z.string().trim().min(1).max(200).optional(),
  INVOICE_SUPPLIER_ADDRESS: z.string().trim().min(1).max(500).optional(),
  INVOICE_VAT_NUMBER: z
    .string()
    .trim()
    .regex(/^GB ?(\d ?){9}((\d ?){3})?$/, 'must be a UK VAT number: GB and 9 or 12 digits')
    .optional(),
  INVOICE_COMPANY_NUMBER: z.string().trim().regex(/^[A-Z0-9]{8}$/, 'must be a Companies House number: 8 letters or digits').optional(),
  /** How and when to pay, printed on rendered invoices: the terms, and the bank account (the invoice number is the reference). */
  INVOICE_PAYMENT_TERMS: z.string().trim().min(1).max(200).optional(),
  INVOICE_BANK_ACCOUNT_NAME: z.string().trim().min(1).max(100).optional(),
  INVOICE_BANK_SORT_CODE: z.string().trim().regex(/^\d\d-\d\d-\d\d$/, 'must be a sort code: 12-34-56').optional(),
  INVOICE_BANK_ACCOUNT_NUMBER: z.string().trim().regex(/^\d{8}$/, 'must be an 8-digit account number').optional(),
  /** Hours before a ship-to's cut-off its users are reminded, unless the back office set the ship-to's own; 0: off. */
  CUTOFF_REMINDER_HOURS: z.coerce.number().int().min(0).max(48).default(3),
  /** JSON list of systems that report order statuses: [{"id","secret","scopes":["orders:status"]}]. */
  INTEGRATION_CLIENTS: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  /** Where GET /metrics is served; undefined: metrics off. */
  metrics: { port: number; host: string } | undefined;
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
  logFormat: 'json' | 'readable';
  shutdownDelaySeconds: number;
  trustProxy: TrustProxy;
  loadShedding: { maxEventLoopDelayMs: number; maxHeapUsedBytes: number; sampleIntervalMs: number; retryAfterSeconds: number };
  clockControl: boolean;
  searchIndex: boolean;
  webhook: { url: string; secret: string } | undefined;
  mail: { smtpUrl: string | undefined; from: string; shopUrl: string };
  outbox: { pollMs: number; retryBaseMs: number; retryMaxMs: number; deliveryTimeoutMs: number };
  integrationClients: IntegrationClient[];
  standingOrders: { intervalMs: number; horizonDays: number };
  checkinWindowHours: number;
  checkinPhotoUploadsPerHour: number;
  invoiceIssuer: InvoiceIssuer;
  cutoffReminderHours: number;
}

/** Who issues the shop's rendered invoices and how to pay them: what a UK VAT invoice must carry (docs/configuration.md). */
export interface InvoiceIssuer {
  name: string;
  addressLines: string[];
  vatNumber: string;
  companyNumber: string | undefined;
  paymentTerms: string;
  bank: { accountName: string; sortCode: string; accountNumber: string };
}

export interface IntegrationClient {
  id: string;
  secret: string;
  scopes: string[];
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
