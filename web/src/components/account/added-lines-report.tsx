import Link from 'next/link';
import type { ReorderAnswer } from '@/app/account/orders/actions';
import styles from '@/components/cart/cart.module.css';

/** What copying lines into the cart did (reorder, a saved cart's Add to cart): added, and each line refused with why. */
export function AddedLinesReport({ state }: { state: ReorderAnswer }) {
  return (
    <div role="status">
      {state.status === 'done' ? (
        <>
          <p>
            {state.notAdded.length === 0 ? 'Every line was added to your cart.' : 'The other lines were added to your cart.'}{' '}
            <Link href="/cart/">Go to the cart</Link>
          </p>
          {state.notAdded.length > 0 ? (
            <>
              <p className={styles.fieldError}>These lines could not be added:</p>
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
      {state.status === 'error' ? <p className={styles.fieldError}>{state.message}</p> : null}
    </div>
  );
}
