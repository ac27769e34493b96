'use client';

import { useEffect, useRef, useState } from 'react';
import { addLimitAction, changeLimitAction, deleteLimitAction, type LimitFormState } from '@/app/account/company/limits/actions';
import { ConfirmStep } from '@/components/forms/confirm-step';
import { useFormAction } from '@/components/shell/use-server-action';
import { LIMIT_KINDS, type LimitField, type LimitKind } from '@/lib/commerce/approvals';
import styles from '@/components/cart/cart.module.css';

const IDLE: LimitFormState = { status: 'idle' };

export interface SubjectChoice {
  value: string;
  label: string;
}

/** The message line under a field, kept whether or not there is a message, so nothing moves. */
function fieldErrors(state: LimitFormState, id: string) {
  const errorAt = (field: LimitField) => (state.status === 'error' && state.field === field ? state.message : undefined);
  const fieldError = (field: LimitField) => (
    <p id={`${id}-${field}-error`} className={styles.fieldError} role="alert">
      {errorAt(field) ?? ''}
    </p>
  );
  const invalid = (field: LimitField) => (errorAt(field) ? true : undefined);
  return { fieldError, invalid };
}

/** What the form's action said: a refusal not about one field, or what was done. */
function FormOutcome({ state }: { state: LimitFormState }) {
  if (state.status === 'error' && !state.field) {
    return (
      <p role="alert" className={styles.fieldError}>
        {state.message}
      </p>
    );
  }
  return state.status === 'done' ? (
    <p role="status" className={styles.saveNote}>
      {state.message}
    </p>
  ) : null;
}

function AmountField({ id, defaultValue, fieldError, invalid }: { id: string; defaultValue: string } & ReturnType<typeof fieldErrors>) {
  return (
    <div className={styles.field}>
      <label htmlFor={`${id}-threshold`}>Amount in pounds, net of VAT</label>
      <input id={`${id}-threshold`} name="threshold" inputMode="decimal" autoComplete="off" defaultValue={defaultValue} aria-describedby={`${id}-threshold-error`} aria-invalid={invalid('threshold')} />
      {fieldError('threshold')}
    </div>
  );
}

/**
 * Adds a limit: for whom, per order, per week or per month, and the amount in pounds. A refusal is shown at its
 * field and what was typed stays; the form is emptied once the limit is added.
 */
export function LimitForm({ subjects }: { subjects: SubjectChoice[] }) {
  const { state, action, pending, submit } = useFormAction(addLimitAction, IDLE);
  const form = useRef<HTMLFormElement>(null);
  const id = 'limit-new';
  const doneAt = state.status === 'done' ? state.at : undefined;
  useEffect(() => {
    if (doneAt !== undefined) form.current?.reset();
  }, [doneAt]);
  const errors = fieldErrors(state, id);
  const { fieldError, invalid } = errors;
  return (
    <form ref={form} action={action} onSubmit={submit} noValidate className={styles.checkout} aria-label="Add a limit">
      <div className={styles.field}>
        <label htmlFor={`${id}-subject`}>For</label>
        <select id={`${id}-subject`} name="subject" defaultValue="" aria-describedby={`${id}-subject-error`} aria-invalid={invalid('subject')}>
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
        <select id={`${id}-kind`} name="kind" defaultValue="order" aria-describedby={`${id}-kind-hint ${id}-kind-error`} aria-invalid={invalid('kind')}>
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
      <AmountField id={id} defaultValue="" {...errors} />
      <FormOutcome state={state} />
      <button type="submit" className={styles.primary} disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Adding…' : 'Add limit'}
      </button>
    </form>
  );
}

/** Changes a limit's amount, and a period limit's week or month; who it is for stays as it is. */
export function LimitChangeForm({ code, kind, threshold }: { code: string; kind: LimitKind; threshold: string }) {
  const { state, action, pending, submit } = useFormAction(changeLimitAction, IDLE);
  const id = `limit-${code}`;
  const errors = fieldErrors(state, id);
  return (
    <form action={action} onSubmit={submit} noValidate className={styles.checkout} aria-label={`Change limit ${code}`}>
      <input type="hidden" name="code" value={code} />
      {kind === 'order' ? (
        <input type="hidden" name="kind" value="order" />
      ) : (
        <div className={styles.field}>
          <label htmlFor={`${id}-kind`}>Limit</label>
          <select id={`${id}-kind`} name="kind" defaultValue={kind} aria-describedby={`${id}-kind-error`} aria-invalid={errors.invalid('kind')}>
            <option value="WEEK">{LIMIT_KINDS.WEEK}</option>
            <option value="MONTH">{LIMIT_KINDS.MONTH}</option>
          </select>
          {errors.fieldError('kind')}
        </div>
      )}
      <AmountField id={id} defaultValue={threshold} {...errors} />
      <FormOutcome state={state} />
      <button type="submit" className={styles.primary} disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Saving…' : 'Save limit'}
      </button>
    </form>
  );
}

/** Delete, asked once more. */
export function DeleteLimit({ code, what, heldOrders = 0 }: { code: string; what: string; heldOrders?: number }) {
  const { state, action, pending, submit } = useFormAction(deleteLimitAction, IDLE);
  const [confirming, setConfirming] = useState(false);
  return (
    <div>
      {confirming ? (
        <ConfirmStep
          questionId={`delete-${code}-question`}
          question={`Delete the limit of ${what}? Orders over it are no longer held${heldOrders > 0 ? `: the ${heldOrders === 1 ? 'order it holds is' : `${heldOrders} orders it holds are`} placed if within every other limit` : ''}.`}
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
