import type { DbOrTx } from '../db/client';
import type { MailKind } from '../mail/mail-kinds';
import { storeMailPreferences, type MailPreferences } from '../mail/mail-preferences';

/** Stores the user's choice of every kind at once; safe when two saves race (the last wins). */
export async function savePreferences(db: DbOrTx, userId: number, preferences: MailPreferences): Promise<MailPreferences> {
  await storeMailPreferences(db, userId, preferences);
  return preferences;
}

/** Turns one kind off and leaves the others as they were (on, for a user who never chose). */
export async function turnOff(db: DbOrTx, userId: number, kind: MailKind): Promise<void> {
  await storeMailPreferences(db, userId, { [kind]: false });
}
