'use client';

import { useEffect, useRef, useState } from 'react';
import { deleteLimitAction, saveLimitAction, type LimitFormState } from '@/app/account/company/limits/actions';
import { ConfirmStep } from '@/components/forms/confirm-step';
import { useFormAction } from '@/components/shell/use-server-action';
import { LIMIT_KINDS, type LimitField, type LimitKind } from '@/lib/commerce/approvals';
import styles from '@/components/cart/cart.module.css';

const IDLE: LimitFormState = { status: 'idle' };

export interface SubjectChoice {
  value: string;
  label: string;
}

interface Props {
  /** The limit changed by this form; a new one when absent. */
  code?: string;
  subjects: SubjectChoice[];
  initial: { kind: LimitKind; threshold: string; subject: string };
  submitLabel: string;
}

/**
 * Adds or changes one limit: per order, per week or per month, for whom, and the amount in pounds. A refusal is
 * shown at its field and what was typed stays; a new limit's form is emptied once it is added.
 */
export function LimitForm({ code, subjects, initial, submitLabel }: Props) {
  const { state, action, pending, submit } = useFormAction(saveLimitAction, IDLE);
  const form = useRef<HTMLFormElement>(null);
  const id = `limit-${code ?? 'new'}`;
  const doneAt = state.status === 'done' ? state.at : undefined;
  useEffect(() => {
    if (doneAt !== undefined && !code) form.current?.reset();
  }, [doneAt, code]);
  const errorAt = (field: LimitField) => (state.status === 'error' && state.field === field ? state.message : undefined);
  const fieldError = (field: LimitField) => (
    <p id={`${id}-${field}-error`} className={styles.fieldError} role="alert">
      {errorAt(field) ?? ''}
    </p>
  );
  const invalid = (field: LimitField) => (errorAt(field) ? true : undefined);
  return (
    <form ref={form} action={action} onSubmit={submit} noValidate className={styles.checkout} aria-label={code ? `Change limit ${code}` : 'Add a limit'}>
      {code ? <input type="hidden" name="code" value={code} /> : null}
      <div className={styles.field}>
        <label htmlFor={`${id}-subject`}>For</label>
        <select id={`${id}-subject`} name="subject" defaultValue={initial.subject} aria-describedby={`${id}-subject-error`} aria-invalid={invalid('subject')}>
          <option value="" disabled>
            Choose a ship-to or a user
          </option>
          {subjects.map((subject) => (
            <option key={subject.value} value={subject.value}>
              {subject.label}
            </option>
          ))}
        </select>
        {fieldError('subject')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-kind`}>Limit</label>
        <select id={`${id}-kind`} name="kind" defaultValue={initial.kind} aria-describedby={`${id}-kind-hint ${id}-kind-error`} aria-invalid={invalid('kind')}>
          {Object.entries(LIMIT_KINDS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <p id={`${id}-kind-hint`} className={styles.hint}>
          A week or month counts a ship-to&apos;s placed and held orders by delivery date, in London time.
        </p>
        {fieldError('kind')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-threshold`}>Amount in pounds, net of VAT</label>
        <input
          id={`${id}-threshold`}
          name="threshold"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={initial.threshold}
          aria-describedby={`${id}-threshold-error`}
          aria-invalid={invalid('threshold')}
        />
        {fieldError('threshold')}
      </div>
      {state.status === 'error' && !state.field ? (
        <p role="alert" className={styles.fieldError}>
          {state.message}
        </p>
      ) : null}
      {state.status === 'done' ? (
        <p role="status" className={styles.saveNote}>
          {state.message}
        </p>
      ) : null}
      <button type="submit" className={styles.primary} disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}

/** Delete, asked once more. */
export function DeleteLimit({ code, what }: { code: string; what: string }) {
  const { state, action, pending, submit } = useFormAction(deleteLimitAction, IDLE);
  const [confirming, setConfirming] = useState(false);
  return (
    <div>
      {confirming ? (
        <ConfirmStep
          questionId={`delete-${code}-question`}
          question={`Delete the limit of ${what}? Orders over it are no longer held.`}
          confirmLabel="Yes, delete limit"
          backLabel="Keep limit"
          fields={{ code }}
          action={action}
          submit={submit}
          pending={pending}
          onClose={() => setConfirming(false)}
        />
      ) : (
        <button type="button" className={styles.secondary} onClick={() => setConfirming(true)} aria-busy={pending || undefined}>
          {pending ? 'Deleting…' : 'Delete'}
          <span className="visually-hidden"> limit {what}</span>
        </button>
      )}
      {state.status === 'error' ? (
        <p role="alert" className={styles.fieldError}>
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
