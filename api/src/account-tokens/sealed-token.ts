import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A token on its way to the mail channel. The outbox keeps event payloads, and a reset link read there would
 * take over the account, so the token travels encrypted (AES-256-GCM) under a key derived from the
 * storefront client's secret and is opened only by the mail template (docs/people.md).
 */
export type SealedToken = string;

export const mailTokenKey = (secret: string): Buffer => Buffer.from(hkdfSync('sha256', secret, 'meadowvale', 'mail-tokens', 32));

export function sealToken(key: Buffer, token: string): SealedToken {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** Throws when the sealed value was not made with `key` (a rotated secret): the delivery fails and is retried. */
export function openToken(key: Buffer, sealed: SealedToken): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('sealed token is malformed');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
