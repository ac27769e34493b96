'use client';

import { useFormAction } from '@/components/shell/use-server-action';
import { savePreferencesAction, type PreferencesState } from '@/app/account/notifications/actions';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationPreferences } from '@/lib/commerce/notification-kinds';
import styles from './notifications.module.css';

/**
 * A box per kind of e-mail, saved together. The boxes are the browser's own (not reset after saving), so what
 * was ticked stays as ticked when saving fails; without script the form posts and the page comes back. Only the
 * `offered` kinds are shown (approval requests to those who decide); the others are posted as they stand.
 */
export function PreferencesForm({ preferences, offered }: { preferences: NotificationPreferences; offered: NotificationKind[] }) {
  const { state, action, pending, submit } = useFormAction<PreferencesState>(savePreferencesAction, { status: 'idle' });
  return (
    <form action={action} onSubmit={submit} className="form-stack">
      <fieldset className={styles.kinds}>
        <legend className={styles.legend}>Send me e-mails about</legend>
        {NOTIFICATION_KINDS.filter(({ kind }) => offered.includes(kind)).map(({ kind, label, help }) => (
          <div key={kind} className={styles.kind}>
            <input id={`notify-${kind}`} type="checkbox" name={kind} defaultChecked={preferences[kind]} aria-describedby={`notify-${kind}-help`} />
            <label htmlFor={`notify-${kind}`}>{label}</label>
            <p id={`notify-${kind}-help`} className="field-help">
              {help}
            </p>
          </div>
        ))}
      </fieldset>
      {NOTIFICATION_KINDS.filter(({ kind }) => !offered.includes(kind) && preferences[kind]).map(({ kind }) => (
        <input key={kind} type="hidden" name={kind} value="on" />
      ))}
      <p className="field-help">Password and invitation e-mails are always sent, and so is the news that an order was rejected or expired without approval.</p>
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={pending} aria-disabled={pending}>
          {pending ? 'Saving…' : 'Save'}
        </button>
        <p role="status" className={state.status === 'error' ? 'field-error' : styles.saved}>
          {pending ? '' : state.status === 'saved' ? 'Saved' : state.status === 'error' ? state.message : ''}
        </p>
      </div>
    </form>
  );
}
