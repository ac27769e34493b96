import { z } from 'zod';
import { ConfigError, type Config, type Env } from './env';
import { privateWebhookHost } from './webhook-url';

/** Scopes an integration client may be given. */
export const INTEGRATION_SCOPES = ['orders:status', 'orders:export', 'invoices:write', 'products:write'] as const;

const integrationClients = z.array(
  z.object({
    id: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1-64 letters, digits, _ . -'),
    secret: z.string().min(24, 'must be at least 24 characters'),
    scopes: z.array(z.enum(INTEGRATION_SCOPES)).min(1),
  }),
);

function invalid(name: string, message: string): ConfigError {
  return new ConfigError(`Invalid configuration:\n  ${name}: ${message}`);
}

function parseIntegrationClients(raw: string | undefined): Config['integrationClients'] {
  if (raw === undefined || raw.trim() === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw invalid('INTEGRATION_CLIENTS', 'must be JSON: [{"id":"erp","secret":"…","scopes":["orders:status"]}]');
  }
  const parsed = integrationClients.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid('INTEGRATION_CLIENTS', `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data.map((client) => ({ ...client, scopes: [...client.scopes] }));
}

/** Webhooks, e-mail, the outbox's timing and the integration clients. */
export function outboxConfig(env: Env): Pick<Config, 'webhook' | 'mail' | 'outbox' | 'integrationClients'> {
  if (env.WEBHOOK_URL !== undefined && env.WEBHOOK_SECRET === undefined) {
    throw invalid('WEBHOOK_SECRET', 'required when WEBHOOK_URL is set (whsec_ and a random key in base64)');
  }
  const privateHost = env.WEBHOOK_URL !== undefined && !env.WEBHOOK_ALLOW_PRIVATE ? privateWebhookHost(env.WEBHOOK_URL) : undefined;
  if (privateHost) {
    throw invalid('WEBHOOK_URL', `${privateHost}; events are posted there only with WEBHOOK_ALLOW_PRIVATE=true`);
  }
  return {
    webhook: env.WEBHOOK_URL !== undefined && env.WEBHOOK_SECRET !== undefined ? { url: env.WEBHOOK_URL, secret: env.WEBHOOK_SECRET } : undefined,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, shopUrl: env.SHOP_URL },
    outbox: {
      pollMs: env.OUTBOX_POLL_SECONDS * 1000,
      retryBaseMs: env.OUTBOX_RETRY_BASE_SECONDS * 1000,
      retryMaxMs: env.OUTBOX_RETRY_MAX_SECONDS * 1000,
      deliveryTimeoutMs: env.DELIVERY_TIMEOUT_SECONDS * 1000,
    },
    integrationClients: parseIntegrationClients(env.INTEGRATION_CLIENTS),
  };
}
