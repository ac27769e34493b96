'use server';

import { errorText } from '@/lib/commerce/error-text';
import type { NotificationKind } from '@/lib/commerce/notification-kinds';
import { unsubscribeWith } from '@/lib/commerce/notifications';
import { UNSUBSCRIBE_TOKEN } from '@/lib/commerce/unsubscribe-token';

export type UnsubscribeState =
  | { status: 'idle' }
  | { status: 'done'; kind: NotificationKind; already?: boolean }
  | { status: 'error'; message: string; network?: boolean };

/** The button of /unsubscribe/<token>/: the token turns its kind of e-mail off, no sign-in. */
export async function unsubscribeAction(_previous: UnsubscribeState, form: FormData): Promise<UnsubscribeState> {
  const token = form.get('token');
  if (typeof token !== 'string' || !UNSUBSCRIBE_TOKEN.test(token)) return { status: 'error', message: 'This unsubscribe link is not complete. Copy the whole link from the e-mail.' };
  const result = await unsubscribeWith(token);
  if (result.ok) return { status: 'done', kind: result.data.kind };
  if (result.error.type === 'FailedToFetch') return { status: 'error', message: result.error.description, network: true };
  return { status: 'error', message: errorText(result.error) };
}
