'use client';

import { useState } from 'react';
import { clearCartAction, saveCartAction } from '@/app/cart/actions';
import { IDLE } from '@/lib/forms/action-state';
import { ConfirmStep } from '@/components/forms/confirm-step';
import { useFormAction } from '@/components/shell/use-server-action';
import styles from './cart.module.css';

export function SaveCartForm({ cartId }: { cartId: string }) {
  const { state, action, pending, submit } = useFormAction(saveCartAction, IDLE);
  return (
    <form action={action} onSubmit={submit} className={styles.panelForm}>
      <input type="hidden" name="cartId" value={cartId} />
      <label htmlFor="save-cart-name">Save this cart as</label>
      <div className={styles.inline}>
        <input
          id="save-cart-name"
          name="name"
          type="text"
          autoComplete="off"
          maxLength={100}
          required
          aria-describedby="save-cart-status"
          aria-invalid={state.status === 'error' || undefined}
        />
        <button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Save cart'}
        </button>
      </div>
      <p id="save-cart-status" role="status" className={state.status === 'error' ? styles.fieldError : styles.muted}>
        {state.status === 'error' ? state.message : ''}
      </p>
    </form>
  );
}

/** Clearing asks once more: it cannot be undone. */
export function ClearCartForm({ cartId }: { cartId: string }) {
  const { state, action, pending, submit } = useFormAction(clearCartAction, IDLE);
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <div>
        <button type="button" className={styles.secondary} onClick={() => setConfirming(true)}>
          Clear cart
        </button>
        {state.status === 'error' ? (
          <p role="alert" className={styles.fieldError}>
            {state.message}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <ConfirmStep
      questionId="clear-question"
      question="Remove every line from your cart? This cannot be undone."
      confirmLabel="Yes, clear cart"
      backLabel="Cancel"
      fields={{ cartId }}
      action={action}
      submit={submit}
      pending={pending}
      onClose={() => setConfirming(false)}
    />
  );
}
