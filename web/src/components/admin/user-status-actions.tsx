'use client';

import { useState } from 'react';
import { changeUserStatus } from '@/app/admin/customers/actions';
import { ConfirmStep } from '@/components/forms/confirm-step';
import { useFormAction } from '@/components/shell/use-server-action';
import type { AdminActionState } from './admin-action-form';

type Asked = 'disable' | 'unlock';

const NOTHING_YET: AdminActionState = {};

const QUESTIONS: Record<Asked, (username: string) => string> = {
  disable: (username) => `Disable ${username}? They are signed out and cannot sign in until they are enabled again.`,
  unlock: (username) => `Unlock ${username}? Their failed sign-ins are forgotten and they can sign in again at once.`,
};

const CONFIRM: Record<Asked, string> = { disable: 'Yes, disable', unlock: 'Yes, unlock' };

/**
 * A customer user's Disable / Enable and Unlock. Disable and Unlock ask once first (the shop's confirmation
 * step); what was done is said next to the buttons and stays when the row changes (Unlock goes away once used).
 */
export function UserStatusActions({ username, status, locked }: { username: string; status: string; locked: boolean }) {
  const { state, action, pending, submit } = useFormAction(changeUserStatus, NOTHING_YET);
  const [asking, setAsking] = useState<Asked | null>(null);
  const questionId = `user-question-${username.replace(/[^A-Za-z0-9]/g, '-')}`;
  const ask = (what: Asked, label: string) => (
    <button type="button" className="button button-secondary admin-small-button" onClick={() => setAsking(what)} disabled={pending} aria-label={`${label} ${username}`}>
      {label}
    </button>
  );

  return (
    <div className="admin-user-actions">
      {asking ? (
        <ConfirmStep
          questionId={questionId}
          question={QUESTIONS[asking](username)}
          confirmLabel={CONFIRM[asking]}
          backLabel="Cancel"
          fields={{ username, action: asking }}
          action={action}
          submit={submit}
          pending={pending}
          onClose={() => setAsking(null)}
        />
      ) : (
        <>
          {status === 'active' ? (
            ask('disable', 'Disable')
          ) : (
            <form action={action} onSubmit={submit} className="admin-inline-form">
              <input type="hidden" name="username" value={username} />
              <input type="hidden" name="action" value="enable" />
              <button type="submit" className="button button-secondary admin-small-button" disabled={pending} aria-label={`Enable ${username}`}>
                {pending ? 'Enabling…' : 'Enable'}
              </button>
            </form>
          )}
          {locked ? ask('unlock', 'Unlock') : null}
        </>
      )}
      <span role="status" className="admin-status-ok">
        {state.message ? ` ${state.message}` : ''}
      </span>
      <span role="alert" className="admin-status-bad">
        {state.error ? ` ${state.error}` : ''}
      </span>
    </div>
  );
}
