'use client';

import { addSavedCartToCartAction } from '@/app/account/carts/actions';
import type { ReorderAnswer } from '@/app/account/orders/actions';
import { useFormAction } from '@/components/shell/use-server-action';
import styles from '@/components/cart/cart.module.css';
import { AddedLinesReport } from './added-lines-report';

const IDLE: ReorderAnswer = { status: 'idle' };

/** docs/decisions-left-open.md#weekly-ordering: copies the saved cart's lines into the current cart; the saved cart stays for next time. */
export function AddSavedCartButton({ cartId }: { cartId: string }) {
  const { state, action, pending, submit } = useFormAction(addSavedCartToCartAction, IDLE);
  return (
    <form action={action} onSubmit={submit} className={styles.panelForm}>
      <input type="hidden" name="cartId" value={cartId} />
      <div>
        <button type="submit" className={styles.primary} disabled={pending} aria-describedby="add-saved-cart-note">
          {pending ? 'Adding to cart…' : 'Add to cart'}
        </button>
      </div>
      <AddedLinesReport state={state} />
    </form>
  );
}
