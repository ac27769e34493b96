'use client';

import Link from 'next/link';
import { useFormAction } from '@/components/shell/use-server-action';
import { unsubscribeAction, type UnsubscribeState } from '@/app/unsubscribe/actions';
import { kindInSentence, type NotificationKind } from '@/lib/commerce/notification-kinds';
import { ONE_CLICK_FIELD, ONE_CLICK_VALUE } from '@/lib/commerce/unsubscribe-token';
import styles from './notifications.module.css';

/**
 * One button: nothing is changed until it is pressed (opening the link, as a mail scanner does, changes
 * nothing). With script the Server Action answers in place; without it the form posts the RFC 8058 field to
 * the same address, which the one-click handler answers (docs/people.md#notifications).
 */
export function UnsubscribeForm({ token, initial, about }: { token: string; initial: UnsubscribeState; about?: { kind: NotificationKind; email: string } }) {
  const { state, action, pending, submit } = useFormAction<UnsubscribeState>(unsubscribeAction, initial);
  const to = about ? ` at ${about.email}` : '';
  if (state.status === 'done') {
    return (
      <div className={styles.result} role="status">
        <p>
          <strong>{state.already ? 'Already unsubscribed.' : 'Unsubscribed.'}</strong> You will no longer get {kindInSentence(state.kind)} e-mails{to}.
        </p>
        <p>
          <Link href="/account/notifications/">Choose which e-mails you get</Link>
        </p>
      </div>
    );
  }
  return (
    <form action={action} onSubmit={submit} method="post" className="form-stack">
      <p>
        {about ? `Stop getting ${kindInSentence(about.kind)} e-mails at ${about.email}.` : 'Stop getting this kind of e-mail from us.'} You can
        turn {about ? 'them' : 'it'} back on at any time under My account.
      </p>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name={ONE_CLICK_FIELD} value={ONE_CLICK_VALUE} />
      {state.status === 'error' ? (
        <div className="form-error" role="alert">
          <p>{state.message}</p>
          <p>
            <Link href="/account/notifications/">Choose which e-mails you get</Link>
          </p>
        </div>
      ) : null}
      <div>
        <button type="submit" className="button button-primary" disabled={pending} aria-disabled={pending}>
          {pending ? 'Unsubscribing…' : 'Unsubscribe'}
        </button>
      </div>
    </form>
  );
}
