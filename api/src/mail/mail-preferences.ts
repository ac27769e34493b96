import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { notificationPreferences } from '../db/schema';
import type { MailKind } from './mail-kinds';

/** Which kinds of mail a user gets: true for "send it". */
export type MailPreferences = Record<MailKind, boolean>;

/** No row means the defaults: every kind on (docs/people.md#notifications). */
export const DEFAULT_PREFERENCES: MailPreferences = {
  orderConfirmation: true,
  statusChanges: true,
  standingOrderReminders: true,
  cutoffReminders: true,
  approvalRequests: true,
};

/** The user's preferences as they stand; the defaults for a user who never changed them. */
export async function mailPreferences(db: DbOrTx, userId: number): Promise<MailPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  if (!row) return { ...DEFAULT_PREFERENCES };
  const { userId: _owner, ...preferences } = row;
  return preferences;
}
