import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oauthClients } from '../db/schema';
import { hashToken, safeEqual } from './token-crypto';

export interface OAuthClient {
  id: string;
  confidential: boolean;
  grants: string[];
}

/** The storefront is a confidential client: it keeps its secret on its own server. */
export async function registerStorefrontClient(db: Db, client: { id: string; secret: string }): Promise<void> {
  const row = {
    id: client.id,
    secretHash: hashToken(client.secret),
    confidential: true,
    grants: ['password', 'refresh_token', 'client_credentials'],
  };
  await db
    .insert(oauthClients)
    .values(row)
    .onConflictDoUpdate({ target: oauthClients.id, set: { secretHash: row.secretHash, grants: row.grants } });
}

export function parseBasicAuth(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
}

/** Client secrets are high-entropy, so a SHA-256 comparison (in constant time) is enough. */
export async function authenticateClient(db: Db, credentials: { id: string; secret: string }): Promise<OAuthClient | null> {
  const rows = await db.select().from(oauthClients).where(eq(oauthClients.id, credentials.id)).limit(1);
  const row = rows[0];
  if (!row || !safeEqual(row.secretHash, hashToken(credentials.secret))) return null;
  return { id: row.id, confidential: row.confidential, grants: row.grants };
}
