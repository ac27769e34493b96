'use client';

import { useActionState, useState } from 'react';
import { decideCreditAction, type CreditDecisionState } from '@/app/admin/credits/[code]/actions';
import styles from './credits.module.css';

type Choice = 'accepted' | 'partlyAccepted' | 'rejected';

/**
 * The back office's decision on a credit request: accept all of it, part of it (the amount in pounds, including
 * VAT) or reject it with a note for the customer. A decision is final, so the button says what it does.
 */
export function CreditDecisionForm({ code, requested }: { code: string; requested: string }) {
  const [state, run, pending] = useActionState<CreditDecisionState, FormData>(decideCreditAction, {});
  const [choice, setChoice] = useState<Choice>('accepted');
  const errorId = 'credit-decision-error';
  const invalid = (field: string) => (state.error && state.field === field ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {});
  const label = choice === 'accepted' ? `Accept ${requested}` : choice === 'partlyAccepted' ? 'Accept part' : 'Reject';
  return (
    <form action={run} className={styles.form} aria-describedby={state.error ? errorId : undefined}>
      <input type="hidden" name="code" value={code} />
      <fieldset className={styles.choices}>
        <legend>Decision</legend>
        <label>
          <input type="radio" name="status" value="accepted" checked={choice === 'accepted'} onChange={() => setChoice('accepted')} />
          Accept in full ({requested})
        </label>
        <label>
          <input type="radio" name="status" value="partlyAccepted" checked={choice === 'partlyAccepted'} onChange={() => setChoice('partlyAccepted')} />
          Accept part
        </label>
        <label>
          <input type="radio" name="status" value="rejected" checked={choice === 'rejected'} onChange={() => setChoice('rejected')} />
          Reject
        </label>
      </fieldset>
      {choice === 'partlyAccepted' ? (
        <div className="field">
          <label className="field-label" htmlFor="credit-amount">
            Amount to credit, including VAT (£)
          </label>
          <input id="credit-amount" name="amount" className="input" inputMode="decimal" autoComplete="off" required placeholder="12.50" {...invalid('amount')} />
        </div>
      ) : null}
      <div className="field">
        <label className="field-label" htmlFor="credit-note">
          {choice === 'rejected' ? 'Note for the customer (required)' : 'Note for the customer (optional)'}
        </label>
        <textarea id="credit-note" name="note" className="input" rows={3} maxLength={1000} required={choice === 'rejected'} {...invalid('note')} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor="credit-note-number">
          Credit note number (optional)
        </label>
        <input id="credit-note-number" name="creditNoteNumber" className="input" maxLength={40} autoComplete="off" {...invalid('creditNoteNumber')} />
      </div>
      <div>
        <button type="submit" className="button button-primary" disabled={pending} aria-disabled={pending}>
          {pending ? 'Saving…' : label}
        </button>
      </div>
      {state.error ? (
        <p role="alert" id={errorId} className="admin-status-bad">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
