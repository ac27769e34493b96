'use client';

import { useState, type FormEvent } from 'react';
import { COMMENT_MAX, COMMENT_NEEDED, type DecisionState } from '@/lib/commerce/approvals';
import { useFormAction } from '@/components/shell/use-server-action';
import styles from '@/components/cart/cart.module.css';

const IDLE: DecisionState = { status: 'idle' };

/**
 * Approve, or Reject with a comment, for one held order. The comment is checked here before sending and again in
 * the Server Action; a refusal is shown beside the comment or under the buttons, and the comment typed stays.
 */
export function DecisionForm({
  orderCode,
  version,
  decide,
  what = `order ${orderCode}`,
  approveWords = { label: 'Approve', pending: 'Approving…' },
}: {
  orderCode: string;
  /** The order's version as shown: an amendment since makes the decision a refusal, not a decision on unseen lines. */
  version?: string;
  decide: (previous: DecisionState, form: FormData) => Promise<DecisionState>;
  /** What is decided on, for the buttons' names: "order MV-000012", "standing order SO-000003". */
  what?: string;
  /** The first button's words: Approve, or Release for an order waiting for credit. */
  approveWords?: { label: string; pending: string };
}) {
  const { state, action, pending, submit } = useFormAction(decide, IDLE);
  const [choice, setChoice] = useState<'APPROVE' | 'REJECT'>();
  const [localError, setLocalError] = useState<string>();
  const id = `decision-${orderCode}`;
  const commentError = localError ?? (state.status === 'error' && state.field === 'comment' ? state.message : undefined);
  const formError = state.status === 'error' && state.field !== 'comment' ? state.message : undefined;

  const checkThenSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const comment = (event.currentTarget.elements.namedItem('comment') as HTMLTextAreaElement).value.trim();
    if (submitter?.value === 'REJECT' && comment === '') {
      event.preventDefault();
      setLocalError(COMMENT_NEEDED);
      (event.currentTarget.elements.namedItem('comment') as HTMLTextAreaElement).focus();
      return;
    }
    setLocalError(undefined);
    submit(event);
  };

  return (
    <form action={action} onSubmit={checkThenSubmit} noValidate className={styles.field} aria-label={`Decide on ${what}`}>
      <input type="hidden" name="orderCode" value={orderCode} />
      {version ? <input type="hidden" name="version" value={version} /> : null}
      <label htmlFor={`${id}-comment`}>Comment (needed to reject)</label>
      <textarea
        id={`${id}-comment`}
        name="comment"
        rows={2}
        maxLength={COMMENT_MAX}
        aria-describedby={`${id}-comment-error`}
        aria-invalid={commentError ? true : undefined}
      />
      <p id={`${id}-comment-error`} role="alert" className={styles.fieldError}>
        {commentError ?? ''}
      </p>
      <div className={styles.inline}>
        <button type="submit" name="decision" value="APPROVE" className={styles.primary} disabled={pending} aria-busy={(pending && choice === 'APPROVE') || undefined} onClick={() => setChoice('APPROVE')}>
          {pending && choice === 'APPROVE' ? approveWords.pending : approveWords.label}
          <span className="visually-hidden"> {what}</span>
        </button>
        <button type="submit" name="decision" value="REJECT" className={styles.secondary} disabled={pending} aria-busy={(pending && choice === 'REJECT') || undefined} onClick={() => setChoice('REJECT')}>
          {pending && choice === 'REJECT' ? 'Rejecting…' : 'Reject'}
          <span className="visually-hidden"> {what}</span>
        </button>
      </div>
      {formError ? (
        <p role="alert" className={styles.fieldError}>
          {formError}
        </p>
      ) : null}
    </form>
  );
}
