// The back office: operators and their tokens, import runs and the audit log.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './customers';

/** Company staff who run the shop: separate from customers, never holders of a customer token. */
export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  /** Lower-cased e-mail address; the sign-in name. */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  /** 'admin' | 'customerService' (see admin/auth/roles.ts). */
  role: text('role').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** 'active' | 'disabled'. Locks are the sign-in limits' counters (auth/sign-in-limits.ts), as for customers. */
  status: text('status').notNull().default('active'),
  createdAt: createdAt(),
});

/** Bearer tokens of signed-in operators, stored as SHA-256 hashes; only the storefront's server holds them. */
export const operatorTokens = pgTable('operator_tokens', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Every import, dry run or real, with who ran it and what came of it. */
export const importRuns = pgTable(
  'import_runs',
  {
    id: serial('id').primaryKey(),
    /** Null for the demo seed, which goes through the same import code. */
    operatorId: integer('operator_id').references(() => operators.id),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    dryRun: boolean('dry_run').notNull(),
    /** 'applied' | 'checked' (dry run) | 'refused' (a real run with bad rows: nothing written) */
    outcome: text('outcome').notNull(),
    rowCount: integer('row_count').notNull(),
    validCount: integer('valid_count').notNull(),
    refusedCount: integer('refused_count').notNull(),
    insertedCount: integer('inserted_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    /** The first refused rows ({line, column, reason}), for the history page. */
    problems: jsonb('problems').notNull().default(sql`'[]'::jsonb`),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_runs_started_idx').on(t.startedAt)],
);

/** What operators changed: who, what, when, and the subject before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id').references(() => operators.id),
    /** A customer's company admin who made the change (operatorId is then null). */
    actorUserId: integer('actor_user_id').references(() => users.id),
    /** e.g. 'user.disable', 'product.deactivate', 'import.products' */
    action: text('action').notNull(),
    /** What it acted on, e.g. 'user:solo@example.com', 'product:100001'. */
    subject: text('subject').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);
