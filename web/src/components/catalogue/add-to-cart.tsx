'use client';

import { useActionState, useId } from 'react';
import { addToCartAction } from '@/app/cart/actions';
import { IDLE } from '@/app/cart/action-state';
import styles from './add-to-cart.module.css';

interface Props {
  productCode: string;
  productName: string;
  minOrderQuantity: number;
  disabled?: boolean;
}

/** Quantity and add-to-cart on a product card: progress, success and errors stay on the page. */
export function AddToCart({ productCode, productName, minOrderQuantity, disabled = false }: Props) {
  const [state, action, pending] = useActionState(addToCartAction, IDLE);
  const id = useId();
  const message = pending ? 'Adding…' : state.status === 'idle' ? '' : state.message;
  return (
    <form action={action} className={styles.form} aria-label={`Add ${productName} to cart`}>
      <input type="hidden" name="productCode" value={productCode} />
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
      <button type="submit" className={styles.button} disabled={disabled || pending} aria-busy={pending || undefined}>
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
