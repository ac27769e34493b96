'use client';

import { useState } from 'react';
import { standingStatusAction } from '@/app/account/standing-orders/actions';
import { IDLE } from '@/lib/forms/action-state';
import { ConfirmStep } from '@/components/forms/confirm-step';
import { useFormAction } from '@/components/shell/use-server-action';
import type { StandingStatus } from '@/lib/commerce/standing-order-schemas';
import cartStyles from '@/components/cart/cart.module.css';
import styles from './standing.module.css';

interface Props {
  code: string;
  name: string;
  status: StandingStatus;
}

/** Pause or resume a standing order, and end it (final, so it asks first, and says once it is done). */
export function StandingControls({ code, name, status }: Props) {
  const { state, action, pending, submit } = useFormAction(standingStatusAction, IDLE);
  const [askingEnd, setAskingEnd] = useState(false);
  const toggle = status === 'paused' ? 'resume' : 'pause';
  const questionId = `end-question-${code}`;

  return (
    <div className={styles.controls}>
      {/* Once ended there is nothing to change; the status line below stays to confirm it. */}
      {status === 'ended' ? null : askingEnd ? (
        <ConfirmStep
          questionId={questionId}
          question={`End the standing order ‘${name}’? No more orders will be placed from it, and it cannot be started again. Orders already placed stay as they are.`}
          confirmLabel="Yes, end it"
          backLabel="Cancel"
          fields={{ code, transition: 'end' }}
          action={action}
          submit={submit}
          pending={pending}
          onClose={() => setAskingEnd(false)}
        />
      ) : (
        <div className={cartStyles.inline}>
          <form action={action} onSubmit={submit}>
            <input type="hidden" name="code" value={code} />
            <input type="hidden" name="transition" value={toggle} />
            <button type="submit" className={cartStyles.secondary} disabled={pending} aria-busy={pending || undefined}>
              {toggle === 'pause' ? 'Pause' : 'Resume'}
              <span className="visually-hidden"> {name}</span>
            </button>
          </form>
          <button type="button" className={cartStyles.secondary} onClick={() => setAskingEnd(true)} disabled={pending}>
            End<span className="visually-hidden"> {name}</span>
          </button>
        </div>
      )}
      <p role="status" className={state.status === 'error' ? cartStyles.fieldError : cartStyles.hint}>
        {state.status === 'idle' ? '' : state.message}
      </p>
    </div>
  );
}
