// People run by the customer's own admins: roles per sold-to, single-use tokens (password reset, invitation,
// address confirmation, unsubscribe), notification preferences and registration requests (docs/people.md).
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { operators } from './admin';
import { soldTos, users } from './customers';

/**
 * A user's roles beyond `buyer`, per sold-to: `approver` and `admin` (users/roles.ts). Every user is a buyer
 * of the sold-tos of their ship-tos; that role is not stored.
 */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    soldToCode: text('sold_to_code')
      .notNull()
      .references(() => soldTos.code),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.soldToCode, t.role] }), index('user_roles_sold_to_idx').on(t.soldToCode, t.role)],
);

/**
 * Single-use tokens sent by e-mail, stored only as SHA-256 hashes (account-tokens/account-tokens.ts). Each
 * belongs to a user, an operator or a registration request, as its purpose says.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    /** 'reset' | 'invitation' | 'operatorReset' | 'operatorInvitation' | 'registrationConfirm' | 'unsubscribe' */
    purpose: text('purpose').notNull(),
    userId: integer('user_id').references(() => users.id),
    operatorId: integer('operator_id').references(() => operators.id),
    registrationId: integer('registration_id').references(() => registrationRequests.id),
    /** For an unsubscribe token: the kind of mail it turns off (mail/mail-kinds.ts). */
    mailKind: text('mail_kind'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose), index('account_tokens_operator_idx').on(t.operatorId, t.purpose)],
);

/**
 * Which kinds of mail a user wants, one row per user and kind; a kind without a row is on. The kinds are
 * registered by the modules that send them (mail/mail-kinds.ts). Security mails are always sent.
 */
export const mailPreferences = pgTable(
  'mail_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    on: boolean('on').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** "Request an account" from the sign-in page: confirmed by e-mail first, then decided by an operator. */
export const registrationRequests = pgTable(
  'registration_requests',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    companyName: text('company_name').notNull(),
    phone: text('phone').notNull(),
    postcode: text('postcode').notNull(),
    message: text('message').notNull().default(''),
    /** 'unconfirmed' | 'confirmed' | 'approved' | 'declined' */
    status: text('status').notNull().default('unconfirmed'),
    declineReason: text('decline_reason'),
    userId: integer('user_id').references(() => users.id),
    decidedBy: integer('decided_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('registration_requests_status_idx').on(t.status, t.createdAt)],
);
