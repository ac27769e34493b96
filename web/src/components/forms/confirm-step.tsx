'use client';

import type { FormEvent, ReactNode } from 'react';
import styles from '@/components/cart/cart.module.css';

interface Props {
  /** The question's element id: the confirming button is described by it. */
  questionId: string;
  question: ReactNode;
  confirmLabel: string;
  /** Takes the question back without doing anything. */
  backLabel: string;
  /** Hidden fields the action reads. */
  fields: Record<string, string>;
  /** From useFormAction: the form's action (without script) and its submit handler. */
  action: (form: FormData) => void;
  submit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  onClose: () => void;
}

/**
 * The second step of a change that cannot be undone (clear a cart, cancel an order, end a standing order):
 * the question, the confirming button focused, and a way back.
 */
export function ConfirmStep({ questionId, question, confirmLabel, backLabel, fields, action, submit, pending, onClose }: Props) {
  return (
    <form
      action={action}
      className={styles.confirm}
      onSubmit={(event) => {
        onClose();
        submit(event);
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p id={questionId}>{question}</p>
      <div className={styles.inline}>
        <button type="submit" className={styles.danger} disabled={pending} aria-describedby={questionId} autoFocus>
          {confirmLabel}
        </button>
        <button type="button" className={styles.secondary} onClick={onClose}>
          {backLabel}
        </button>
      </div>
    </form>
  );
}
