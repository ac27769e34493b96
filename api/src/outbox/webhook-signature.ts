import { createHmac } from 'node:crypto';

const PREFIX = 'whsec_';

/** A `whsec_<base64>` secret as the Standard Webhooks specification writes it; null when it is not one. */
export function webhookKey(secret: string): Buffer | null {
  if (!secret.startsWith(PREFIX)) return null;
  const encoded = secret.slice(PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return null;
  const key = Buffer.from(encoded, 'base64');
  return key.length >= 24 ? key : null;
}

/**
 * The three Standard Webhooks headers for one delivery attempt: the signature is HMAC-SHA256 over
 * `id.timestamp.body` with the secret's key, base64, tagged `v1,`. The timestamp is the attempt's, so a
 * retry days later still passes a receiver's freshness check.
 */
export function webhookHeaders(key: Buffer, eventId: string, body: string, now: Date): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const signature = createHmac('sha256', key).update(`${eventId}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': eventId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}
