'use client';

import { useState } from 'react';
import { deleteSavedCartAction, restoreCartAction } from '@/app/account/carts/actions';
import { IDLE } from '@/lib/forms/action-state';
import { useFormAction } from '@/components/shell/use-server-action';
import styles from '@/components/cart/cart.module.css';

interface Props {
  cartId: string;
  name: string;
  /** Units in the current cart: restoring then asks first. */
  currentUnits: number;
  /** Off on the saved cart's own page, which would be gone after it. */
  withDelete?: boolean;
}

type Asking = 'none' | 'restore' | 'delete';

/** Restore and delete a saved cart, each confirmed first when it touches something the user has. */
export function SavedCartActions({ cartId, name, currentUnits, withDelete = true }: Props) {
  const { state: restoreState, action: restore, pending: restoring, submit: submitRestore } = useFormAction(restoreCartAction, IDLE);
  const { state: deleteState, action: remove, pending: deleting, submit: submitDelete } = useFormAction(deleteSavedCartAction, IDLE);
  const [asking, setAsking] = useState<Asking>('none');
  const error = [restoreState, deleteState].find((state) => state.status === 'error');

  return (
    <div className={styles.panelForm}>
      {asking === 'none' ? (
        <div className={styles.inline}>
          {currentUnits > 0 ? (
            <button type="button" className={styles.primary} onClick={() => setAsking('restore')}>
              Restore<span className="visually-hidden"> {name}</span>
            </button>
          ) : (
            <form action={restore} onSubmit={submitRestore}>
              <input type="hidden" name="cartId" value={cartId} />
              <button type="submit" className={styles.primary} disabled={restoring}>
                {restoring ? 'Restoring…' : 'Restore'}
                <span className="visually-hidden"> {name}</span>
              </button>
            </form>
          )}
          {withDelete ? (
            <button type="button" className={styles.dangerSecondary} onClick={() => setAsking('delete')}>
              Delete<span className="visually-hidden"> {name}</span>
            </button>
          ) : null}
        </div>
      ) : null}
      {asking === 'restore' ? (
        <form action={restore} onSubmit={submitRestore} className={styles.confirm}>
          <input type="hidden" name="cartId" value={cartId} />
          <p id={`restore-${cartId}`}>
            Your current cart has {currentUnits} {currentUnits === 1 ? 'item' : 'items'}. Restoring ‘{name}’ saves your current cart
            under Saved carts, so nothing is lost. Restore it now?
          </p>
          <div className={styles.inline}>
            <button type="submit" className={styles.primary} disabled={restoring} aria-describedby={`restore-${cartId}`} autoFocus>
              {restoring ? 'Restoring…' : 'Yes, restore'}
            </button>
            <button type="button" className={styles.secondary} onClick={() => setAsking('none')}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      {asking === 'delete' ? (
        <form
          action={remove}
          className={styles.confirm}
          onSubmit={(event) => {
            setAsking('none');
            submitDelete(event);
          }}
        >
          <input type="hidden" name="cartId" value={cartId} />
          <p id={`delete-${cartId}`}>Delete the saved cart ‘{name}’? This cannot be undone.</p>
          <div className={styles.inline}>
            <button type="submit" className={styles.danger} disabled={deleting} aria-describedby={`delete-${cartId}`} autoFocus>
              Yes, delete
            </button>
            <button type="button" className={styles.secondary} onClick={() => setAsking('none')}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      {error && error.status === 'error' ? (
        <p role="alert" className={styles.fieldError}>
          {error.message}
        </p>
      ) : null}
    </div>
  );
}
