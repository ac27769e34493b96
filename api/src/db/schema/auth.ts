// Customer sign-in: OAuth clients and tokens, and the sign-in attempt counters.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './customers';
import { assistedSessions } from './assisted-service';

export const oauthClients = pgTable('oauth_clients', {
  id: text('id').primaryKey(),
  secretHash: text('secret_hash').notNull(),
  confidential: boolean('confidential').notNull().default(true),
  /** Grants this client may use, e.g. {password,refresh_token,client_credentials}. */
  grants: text('grants').array().notNull(),
  /** Scopes its client-credentials tokens carry beyond `basic`, e.g. {orders:status} for an ERP integration. */
  scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
});

export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 (hex) of the access token; the token itself is never stored. */
    accessHash: text('access_hash').notNull().unique(),
    refreshHash: text('refresh_hash').unique(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id),
    /** Null for client-credentials tokens. */
    userId: integer('user_id').references(() => users.id),
    scope: text('scope').notNull().default('basic'),
    /** Every token born of one sign-in shares a family, so reuse of a rotated refresh token revokes them all. */
    family: text('family').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }),
    /** Set when the refresh token was exchanged for a new pair. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Set when an operator holds this token, acting for the user (docs/assisted-service.md). */
    assistedSessionId: integer('assisted_session_id').references(() => assistedSessions.id),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_tokens_family_idx').on(t.family)],
);

/**
 * Sign-in tries counted per fixed window (src/auth/sign-in-limits.ts), keyed by a hash of the name typed (known
 * or not, so the table never tells which accounts exist) and, for the per-address count, the client address.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    key: text('key').primaryKey(),
    /** The counted name's own key: every counter of one name shares it, so an operator can unlock the name. */
    accountKey: text('account_key').notNull(),
    attempts: integer('attempts').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_attempts_window_idx').on(t.windowEndsAt), index('sign_in_attempts_account_idx').on(t.accountKey)],
);
