'use client';

import { useId, useRef, useState } from 'react';
import { addToCartAction } from '@/app/cart/actions';
import { IDLE } from '@/lib/forms/action-state';
import { useAvoidConfirm } from '@/components/food/allergen-profile-confirm';
import { useFormAction } from '@/components/shell/use-server-action';
import { readQuantity } from '@/lib/commerce/quantity';
import { canQueue, queueChange } from '@/lib/offline/change-queue';
import { useChangeQueue } from '@/lib/offline/queue-hooks';
import styles from './add-to-cart.module.css';

interface Props {
  productCode: string;
  productName: string;
  minOrderQuantity: number;
  disabled?: boolean;
  /** What the product holds of what the site avoids (avoidWarnings): adding it asks first. */
  avoidWarnings?: string[];
}

/**
 * Quantity and add-to-cart on a product card: progress, success and errors stay on the page, and the box keeps
 * what the customer typed (also when the connection drops: docs/storefront-requirements.md §8 toast, then the same click works again).
 */
export function AddToCart({ productCode, productName, minOrderQuantity, disabled = false, avoidWarnings }: Props) {
  const { state, action, pending, submit } = useFormAction(addToCartAction, IDLE);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  // Set by Add anyway for the one submit it sends again, so that submit is not asked about a second time.
  const confirmed = useRef(false);
  const { ask, confirm } = useAvoidConfirm(avoidWarnings, () => button.current);
  useChangeQueue();
  // An add made offline waits in the queue (docs/phone.md, "The offline cart"): what this form last said about it.
  const [offline, setOffline] = useState<{ message: string; error: boolean; at: number } | null>(null);
  const shown = offline && (state.status === 'idle' || offline.at > state.at) ? offline : null;
  const message = pending ? 'Adding…' : shown ? shown.message : state.status === 'idle' ? '' : state.message;
  const isError = shown ? shown.error : state.status === 'error';

  const queueAdd = async (form: HTMLFormElement) => {
    const reading = readQuantity(new FormData(form).get('quantity'), { productName, minimum: minOrderQuantity, zeroRemoves: false });
    if (!reading.ok) return setOffline({ message: reading.message, error: true, at: Date.now() });
    const queued = await queueChange({ kind: 'add', productCode, productName, minimum: minOrderQuantity, quantity: reading.quantity });
    const cases = reading.quantity === 1 ? '1 case' : `${reading.quantity} cases`;
    setOffline(
      queued
        ? { message: `You are offline: ${cases} will be added to your cart when you are back online`, error: false, at: Date.now() }
        : { message: 'You are offline: this could not be saved for later. Try again when you are back online', error: true, at: Date.now() },
    );
  };
  return (
    <form
      action={action}
      className={styles.form}
      aria-label={`Add ${productName} to cart`}
      onSubmit={(event) => {
        // The button stays focusable while adding (aria-disabled), so a second press must not send twice.
        if (pending) event.preventDefault();
        else if (!confirmed.current && avoidWarnings && avoidWarnings.length > 0) {
          event.preventDefault();
          const form = event.currentTarget;
          ask(() => {
            confirmed.current = true;
            form.requestSubmit();
          });
        } else if (canQueue()) {
          confirmed.current = false;
          event.preventDefault();
          void queueAdd(event.currentTarget);
        } else {
          confirmed.current = false;
          submit(event);
        }
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
        aria-invalid={isError || undefined}
        disabled={disabled}
      />
      {/* Busy, not disabled, while adding: a disabled button loses keyboard focus to the page. */}
      <button ref={button} type="submit" className={styles.button} disabled={disabled} aria-disabled={pending || undefined} aria-busy={pending || undefined}>
        {pending ? 'Adding…' : 'Add to cart'}
      </button>
      <p
        id={`${id}-status`}
        role="status"
        className={isError && !pending ? styles.error : styles.status}
        key={shown ? `offline-${shown.at}` : state.status === 'idle' ? 'idle' : state.at}
      >
        {message}
      </p>
      {confirm}
    </form>
  );
}
