'use server';

import { errorText } from '@/lib/commerce/error-text';
import { NOTIFICATION_KINDS, type NotificationPreferences } from '@/lib/commerce/notification-kinds';
import { saveNotificationPreferences } from '@/lib/commerce/notifications';

export type PreferencesState =
  | { status: 'idle' }
  | { status: 'saved'; at: number }
  | { status: 'error'; message: string; network?: boolean };

/** Saves which e-mails the user gets: a box ticked is a kind on (a form posts only ticked boxes). */
export async function savePreferencesAction(_previous: PreferencesState, form: FormData): Promise<PreferencesState> {
  const preferences = Object.fromEntries(NOTIFICATION_KINDS.map(({ kind }) => [kind, form.get(kind) === 'on'])) as NotificationPreferences;
  const result = await saveNotificationPreferences(preferences);
  if (result.ok) return { status: 'saved', at: Date.now() };
  if (result.error.type === 'FailedToFetch') return { status: 'error', message: result.error.description, network: true };
  return { status: 'error', message: errorText(result.error) };
}
