'use client';

import { IDLE } from '@/lib/forms/action-state';
import { switchToAccountAction } from './actions';
import { clearClientCaches } from './client-caches';
import { useFormAction } from './use-server-action';
import styles from '@/components/cart/cart.module.css';

/** "Switch to this account": makes the account and range of the page's subject active and comes back to `next`. */
export function SwitchToAccount({ shipTo, salesOrg, next, label }: { shipTo: string; salesOrg: string; next: string; label: string }) {
  const { state, action, pending, submit } = useFormAction(switchToAccountAction, IDLE);
  return (
    <form
      action={action}
      onSubmit={(event) => {
        clearClientCaches();
        submit(event);
      }}
      className={styles.panelForm}
    >
      <input type="hidden" name="shipTo" value={shipTo} />
      <input type="hidden" name="salesOrg" value={salesOrg} />
      <input type="hidden" name="next" value={next} />
      <button type="submit" className={styles.primary} disabled={pending}>
        {pending ? 'Switching…' : label}
      </button>
      {state.status === 'error' && !state.network ? (
        <p role="alert" className={styles.fieldError}>
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
