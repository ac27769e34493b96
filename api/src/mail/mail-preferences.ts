import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mailPreferences as preferenceRows } from '../db/schema';
import { mailKinds, type MailKind } from './mail-kinds';

/** Which kinds of mail a user gets, every registered kind in registration order: true for "send it". */
export type MailPreferences = Record<MailKind, boolean>;

/** The user's preferences as they stand; a kind without a row is on (docs/people.md#notifications). */
export async function mailPreferences(db: DbOrTx, userId: number): Promise<MailPreferences> {
  const rows = await db.select({ kind: preferenceRows.kind, on: preferenceRows.on }).from(preferenceRows).where(eq(preferenceRows.userId, userId));
  const stored = new Map(rows.map((row) => [row.kind, row.on]));
  return Object.fromEntries(mailKinds().map((kind) => [kind, stored.get(kind) ?? true]));
}

/** Whether the user gets mail of this kind, as a condition for a statement of its own: no row means on, as above. */
export const wantsMailSql = (userId: number, kind: MailKind): SQL =>
  sql`coalesce((select ${preferenceRows.on} from ${preferenceRows} where ${preferenceRows.userId} = ${userId} and ${preferenceRows.kind} = ${kind}), true)`;

/** Stores the user's choice of the kinds given; safe when two saves race (one row per user and kind, the last wins). */
export async function storeMailPreferences(db: DbOrTx, userId: number, preferences: MailPreferences): Promise<void> {
  const rows = Object.entries(preferences).map(([kind, on]) => ({ userId, kind, on }));
  if (rows.length === 0) return;
  await db
    .insert(preferenceRows)
    .values(rows)
    .onConflictDoUpdate({ target: [preferenceRows.userId, preferenceRows.kind], set: { on: sql`excluded.${sql.identifier('on')}` } });
}
