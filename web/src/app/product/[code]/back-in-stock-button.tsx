'use client';

import { useFormAction } from '@/components/shell/use-server-action';
import { IDLE } from '@/lib/forms/action-state';
import { backInStockAction } from './back-in-stock-action';
import styles from './product.module.css';

/** Under "Out of stock for …" on the product page: one e-mail when the product is back (docs/stock.md). */
export function BackInStockButton({ productCode, describedBy }: { productCode: string; describedBy: string }) {
  const { state, action, pending, submit } = useFormAction(backInStockAction, IDLE);
  const asked = state.status === 'done';
  return (
    <form action={action} onSubmit={submit} className={styles.backInStock}>
      <input type="hidden" name="productCode" value={productCode} />
      {asked ? null : (
        <button type="submit" className="button button-secondary" aria-disabled={pending || undefined} aria-describedby={describedBy}>
          {pending ? 'Asking…' : 'Tell me when it is back'}
        </button>
      )}
      <p role="status" className={state.status === 'error' ? styles.backInStockError : undefined}>
        {state.status === 'idle' ? '' : state.message}
      </p>
    </form>
  );
}
