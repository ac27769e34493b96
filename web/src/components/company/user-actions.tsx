'use client';

import { useState } from 'react';
import { resendInvitationAction, userStatusAction } from '@/app/account/company/users/actions';
import { IDLE } from '@/lib/forms/action-state';
import { useFormAction } from '@/components/shell/use-server-action';
import cartStyles from '@/components/cart/cart.module.css';
import styles from './company.module.css';

interface Props {
  uid: string;
  name: string;
  active: boolean;
  /** The signed-in admin: they cannot disable themselves. */
  self: boolean;
  invitationPending: boolean;
}

/** Disable (asked first) or enable a user, and resend a pending invitation; what happened is said beside them. */
export function UserActions({ uid, name, active, self, invitationPending }: Props) {
  const status = useFormAction(userStatusAction, IDLE);
  const resend = useFormAction(resendInvitationAction, IDLE);
  const [asking, setAsking] = useState(false);
  const shown = [status.state, resend.state].flatMap((state) => (state.status === 'idle' ? [] : [state])).sort((a, b) => b.at - a.at)[0];

  return (
    <div className={styles.actions}>
      <div className={cartStyles.inline}>
        {invitationPending && active ? (
          <form action={resend.action} onSubmit={resend.submit}>
            <input type="hidden" name="uid" value={uid} />
            <button type="submit" className={cartStyles.secondary} disabled={resend.pending}>
              {resend.pending ? 'Sending…' : 'Resend invitation'}
              <span className="visually-hidden"> to {name}</span>
            </button>
          </form>
        ) : null}
        {active && !self && !asking ? (
          <button type="button" className={cartStyles.secondary} onClick={() => setAsking(true)}>
            Disable<span className="visually-hidden"> {name}</span>
          </button>
        ) : null}
        {!active ? (
          <form action={status.action} onSubmit={status.submit}>
            <input type="hidden" name="uid" value={uid} />
            <input type="hidden" name="active" value="true" />
            <button type="submit" className={cartStyles.secondary} disabled={status.pending}>
              {status.pending ? 'Enabling…' : 'Enable'}
              <span className="visually-hidden"> {name}</span>
            </button>
          </form>
        ) : null}
      </div>
      {asking ? (
        <form
          action={status.action}
          className={cartStyles.confirm}
          onSubmit={(event) => {
            setAsking(false);
            status.submit(event);
          }}
        >
          <input type="hidden" name="uid" value={uid} />
          <input type="hidden" name="active" value="false" />
          <p id={`disable-${uid}`}>Disable {name}? They are signed out at once and cannot sign in until you enable them again.</p>
          <div className={cartStyles.inline}>
            <button type="submit" className={cartStyles.danger} disabled={status.pending} aria-describedby={`disable-${uid}`} autoFocus>
              Yes, disable
            </button>
            <button type="button" className={cartStyles.secondary} onClick={() => setAsking(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      {shown ? (
        <p role={shown.status === 'error' ? 'alert' : 'status'} className={shown.status === 'error' ? 'field-error' : styles.doneLine}>
          {shown.message}
        </p>
      ) : null}
    </div>
  );
}
