'use client';

import { useState } from 'react';
import type { AdminActionState } from '@/components/admin/admin-action-form';
import { ConfirmStep } from '@/components/forms/confirm-step';
import { useFormAction } from '@/components/shell/use-server-action';
import type { OperatorEntry } from '@/lib/admin/operator-schemas';
import { changeOperatorAction } from './actions';

const NOTHING_YET: AdminActionState = {};

/**
 * An operator's Disable (asked once first), Enable and Resend invitation; what was done, or why not, is said
 * next to the buttons. The signed-in operator gets no Disable: nobody disables themselves.
 */
export function OperatorActions({ operator, isSelf }: { operator: OperatorEntry; isSelf: boolean }) {
  const { state, action, pending, submit } = useFormAction(changeOperatorAction, NOTHING_YET);
  const [asking, setAsking] = useState(false);
  const id = String(operator.id);
  const button = (what: 'enable' | 'invitation', label: string, pendingLabel: string) => (
    <form action={action} onSubmit={submit} className="admin-inline-form">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="action" value={what} />
      <button type="submit" className="button button-secondary admin-small-button" disabled={pending} aria-label={`${label} ${operator.email}`}>
        {pending ? pendingLabel : label}
      </button>
    </form>
  );

  return (
    <div className="admin-user-actions">
      {asking ? (
        <ConfirmStep
          questionId={`operator-question-${id}`}
          question={`Disable ${operator.email}? They are signed out at once and their links stop working.`}
          confirmLabel="Yes, disable"
          backLabel="Cancel"
          fields={{ id, action: 'disable' }}
          action={action}
          submit={submit}
          pending={pending}
          onClose={() => setAsking(false)}
        />
      ) : (
        <>
          {operator.status === 'active' && !isSelf ? (
            <button type="button" className="button button-secondary admin-small-button" onClick={() => setAsking(true)} disabled={pending} aria-label={`Disable ${operator.email}`}>
              Disable
            </button>
          ) : null}
          {operator.status === 'disabled' ? button('enable', 'Enable', 'Enabling…') : null}
          {operator.status === 'active' && !operator.passwordSet ? button('invitation', 'Resend invitation', 'Sending…') : null}
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
