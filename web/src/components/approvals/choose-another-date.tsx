'use client';

import { resubmitOrderAction } from '@/app/account/orders/approval-actions';
import { IDLE } from '@/lib/forms/action-state';
import type { DateChoice } from '@/components/cart/checkout-form';
import { useFormAction } from '@/components/shell/use-server-action';
import styles from '@/components/cart/cart.module.css';

/** An expired order's "Choose another date": a later delivery date, and the order waits for approval again. */
export function ChooseAnotherDate({ orderCode, dates }: { orderCode: string; dates: DateChoice[] }) {
  const { state, action, pending, submit } = useFormAction(resubmitOrderAction, IDLE);
  return (
    <form action={action} onSubmit={submit} className={styles.field} aria-labelledby="choose-date-title">
      <h3 id="choose-date-title">Choose another date</h3>
      <input type="hidden" name="orderCode" value={orderCode} />
      <label htmlFor="resubmit-date">Delivery date</label>
      <select id="resubmit-date" name="deliveryDate" defaultValue={dates[0]?.date ?? ''} aria-describedby="resubmit-error" aria-invalid={state.status === 'error' || undefined}>
        {dates.map((choice) => (
          <option key={choice.date} value={choice.date}>
            {choice.optionLabel}
          </option>
        ))}
      </select>
      <p id="resubmit-error" role="alert" className={styles.fieldError}>
        {state.status === 'error' ? state.message : dates.length === 0 ? 'No delivery dates are open for this account at the moment.' : ''}
      </p>
      <button type="submit" className={styles.primary} disabled={pending || dates.length === 0} aria-busy={pending || undefined}>
        {pending ? 'Sending…' : 'Send for approval'}
      </button>
    </form>
  );
}
