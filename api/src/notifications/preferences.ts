import type { DbOrTx } from '../db/client';
import { notificationPreferences } from '../db/schema';
import type { MailKind } from '../mail/mail-kinds';
import type { MailPreferences } from '../mail/mail-preferences';

/** Stores the user's choice of every kind at once; safe when two saves race (one row per user, the last wins). */
export async function savePreferences(db: DbOrTx, userId: number, preferences: MailPreferences): Promise<MailPreferences> {
  await db
    .insert(notificationPreferences)
    .values({ userId, ...preferences })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: preferences });
  return preferences;
}

/** Turns one kind off and leaves the others as they were (the defaults, for a user who never chose). */
export async function turnOff(db: DbOrTx, userId: number, kind: MailKind): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, [kind]: false })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { [kind]: false } });
}
