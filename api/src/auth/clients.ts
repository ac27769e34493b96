import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { IntegrationClient } from '../config/env';
import type { Db } from '../db/client';
import { oauthClients } from '../db/schema';
import { inputFlaw } from '../http/nul-bytes';
import { hashToken, safeEqual } from './token-crypto';

export interface OAuthClient {
  id: string;
  confidential: boolean;
  grants: string[];
  /** Granted to its client-credentials tokens beyond `basic`. */
  scopes: string[];
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

/**
 * Systems that report to the shop (the ERP's status feed) are registered from INTEGRATION_CLIENTS at every
 * start: client credentials only, with the scopes configured. One removed from the list loses its grants.
 */
export async function registerIntegrationClients(db: Db, clients: IntegrationClient[]): Promise<void> {
  const ids = clients.map((client) => client.id);
  await db
    .update(oauthClients)
    .set({ grants: [], scopes: [] })
    .where(and(sql`cardinality(${oauthClients.scopes}) > 0`, ids.length > 0 ? notInArray(oauthClients.id, ids) : undefined));
  for (const client of clients) {
    const row = { id: client.id, secretHash: hashToken(client.secret), confidential: true, grants: ['client_credentials'], scopes: client.scopes };
    await db
      .insert(oauthClients)
      .values(row)
      .onConflictDoUpdate({ target: oauthClients.id, set: { secretHash: row.secretHash, grants: row.grants, scopes: row.scopes } });
  }
}

export function parseBasicAuth(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  const id = decodeFormComponent(decoded.slice(0, colon));
  const secret = decodeFormComponent(decoded.slice(colon + 1));
  // A NUL cannot be stored in PostgreSQL text, so no registered client has one: refused before any query.
  if (id === null || secret === null || inputFlaw(id) !== undefined) return null;
  return { id, secret };
}

/** The id and secret arrive %-encoded (RFC 6749 §2.3.1); a malformed %-sequence is bad credentials, not a crash. */
function decodeFormComponent(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

/** Client secrets are high-entropy, so a SHA-256 comparison (in constant time) is enough. */
export async function authenticateClient(db: Db, credentials: { id: string; secret: string }): Promise<OAuthClient | null> {
  const rows = await db.select().from(oauthClients).where(eq(oauthClients.id, credentials.id)).limit(1);
  const row = rows[0];
  if (!row || !safeEqual(row.secretHash, hashToken(credentials.secret))) return null;
  return { id: row.id, confidential: row.confidential, grants: row.grants, scopes: row.scopes };
}
