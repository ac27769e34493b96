'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import { reorderAction, type ReorderAnswer } from '@/app/account/orders/actions';
import styles from '@/components/cart/cart.module.css';

const IDLE: ReorderAnswer = { status: 'idle' };

export function ReorderButton({ orderCode }: { orderCode: string }) {
  const [state, action, pending] = useActionState(reorderAction, IDLE);
  return (
    <form action={action} className={styles.panelForm}>
      <input type="hidden" name="orderCode" value={orderCode} />
      <div>
        <button type="submit" className={styles.primary} disabled={pending}>
          {pending ? 'Adding to cart…' : 'Reorder'}
          <span className="visually-hidden"> order {orderCode}</span>
        </button>
      </div>
      <div role="status">
        {state.status === 'done' ? (
          <>
            <p>
              {state.notAdded.length === 0 ? 'Every line was added to your cart.' : 'The other lines were added to your cart.'}{' '}
              <Link href="/cart/">Go to the cart</Link>
            </p>
            {state.notAdded.length > 0 ? (
              <>
                <p className={styles.lineError}>These lines could not be added:</p>
                <ul>
                  {state.notAdded.map((line) => (
                    <li key={line.productCode}>
                      {line.name}: {line.message}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        ) : null}
        {state.status === 'error' ? <p className={styles.lineError}>{state.message}</p> : null}
      </div>
    </form>
  );
}
