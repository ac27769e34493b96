'use client';

import { skipDeliveryAction } from '@/app/account/standing-orders/actions';
import { IDLE } from '@/lib/forms/action-state';
import { useFormAction } from '@/components/shell/use-server-action';
import { deliveryDay } from '@/lib/commerce/cutoff';
import cartStyles from '@/components/cart/cart.module.css';

interface Props {
  code: string;
  date: string;
  skipped: boolean;
}

/** Skip this one delivery, or take the skip back; the API refuses after the cut-off and the message says so. */
export function SkipDeliveryButton({ code, date, skipped }: Props) {
  const { state, action, pending, submit } = useFormAction(skipDeliveryAction, IDLE);
  return (
    <form action={action} onSubmit={submit}>
      <input type="hidden" name="code" value={code} />
      <input type="hidden" name="date" value={date} />
      <input type="hidden" name="skipped" value={skipped ? 'false' : 'true'} />
      <button type="submit" className={cartStyles.secondary} disabled={pending} aria-busy={pending || undefined}>
        {skipped ? 'Unskip' : 'Skip'}
        <span className="visually-hidden"> the delivery on {deliveryDay(date)}</span>
      </button>
      {state.status === 'error' ? (
        <p role="alert" className={cartStyles.fieldError}>
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
