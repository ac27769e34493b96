'use client';

import { useState } from 'react';
import type { AdminActionState } from '@/components/admin/admin-action-form';
import { ConfirmStep } from '@/components/forms/confirm-step';
import { useFormAction } from '@/components/shell/use-server-action';
import { endPromotionAction } from './actions';

const NOTHING_YET: AdminActionState = {};

/**
 * "End now", asked once first: ending is final, and the promotion stops applying to carts at once. Kept in its
 * row once the promotion has ended, so that what was done stays said next to it.
 */
export function EndPromotion({ code, ended }: { code: string; ended: boolean }) {
  const { state, action, pending, submit } = useFormAction(endPromotionAction, NOTHING_YET);
  const [asking, setAsking] = useState(false);
  return (
    <div className="admin-user-actions">
      {asking ? (
        <ConfirmStep
          questionId={`end-question-${code}`}
          question={`End ${code} now? It stops applying to carts at once and cannot be started again.`}
          confirmLabel="Yes, end it now"
          backLabel="Cancel"
          fields={{ code }}
          action={action}
          submit={submit}
          pending={pending}
          onClose={() => setAsking(false)}
        />
      ) : ended || state.message ? null : (
        <button type="button" className="button button-secondary admin-small-button" onClick={() => setAsking(true)} disabled={pending} aria-label={`End ${code} now`}>
          {pending ? 'Ending…' : 'End now'}
        </button>
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
