'use client';

import { useId } from 'react';
import { addToCartAction } from '@/app/cart/actions';
import { IDLE } from '@/app/cart/action-state';
import { useFormAction } from '@/components/shell/use-server-action';
import styles from './add-to-cart.module.css';

interface Props {
  productCode: string;
  productName: string;
  minOrderQuantity: number;
  disabled?: boolean;
}

/**
 * Quantity and add-to-cart on a product card: progress, success and errors stay on the page, and the box keeps
 * what the customer typed (also when the connection drops: docs/storefront-requirements.md §8 toast, then the same click works again).
 */
export function AddToCart({ productCode, productName, minOrderQuantity, disabled = false }: Props) {
  const { state, action, pending, submit } = useFormAction(addToCartAction, IDLE);
  const id = useId();
  const message = pending ? 'Adding…' : state.status === 'idle' ? '' : state.message;
  return (
    <form
      action={action}
      className={styles.form}
      aria-label={`Add ${productName} to cart`}
      onSubmit={(event) => {
        // The button stays focusable while adding (aria-disabled), so a second press must not send twice.
        if (pending) event.preventDefault();
        else submit(event);
      }}
    >
      <input type="hidden" name="productCode" value={productCode} />
      <input type="hidden" name="productName" value={productName} />
      <input type="hidden" name="minimum" value={minOrderQuantity} />
      <label htmlFor={`${id}-qty`} className={styles.label}>
        Quantity
      </label>
      <input
        id={`${id}-qty`}
        name="quantity"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={String(minOrderQuantity)}
        className={styles.quantity}
        aria-describedby={`${id}-status`}
        aria-invalid={state.status === 'error' || undefined}
        disabled={disabled}
      />
      {/* Busy, not disabled, while adding: a disabled button loses keyboard focus to the page. */}
      <button type="submit" className={styles.button} disabled={disabled} aria-disabled={pending || undefined} aria-busy={pending || undefined}>
        {pending ? 'Adding…' : 'Add to cart'}
      </button>
      <p
        id={`${id}-status`}
        role="status"
        className={state.status === 'error' && !pending ? styles.error : styles.status}
        key={state.status === 'idle' ? 'idle' : state.at}
      >
        {message}
      </p>
    </form>
  );
}
