'use client';

import { reorderAction, type ReorderAnswer } from '@/app/account/orders/actions';
import { useFormAction } from '@/components/shell/use-server-action';
import styles from '@/components/cart/cart.module.css';
import { AddedLinesReport } from './added-lines-report';

const IDLE: ReorderAnswer = { status: 'idle' };

export function ReorderButton({ orderCode }: { orderCode: string }) {
  const { state, action, pending, submit } = useFormAction(reorderAction, IDLE);
  return (
    <form action={action} onSubmit={submit} className={styles.panelForm}>
      <input type="hidden" name="orderCode" value={orderCode} />
      <div>
        <button type="submit" className={styles.primary} disabled={pending}>
          {pending ? 'Adding to cart…' : 'Reorder'}
          <span className="visually-hidden"> order {orderCode}</span>
        </button>
      </div>
      <AddedLinesReport state={state} />
    </form>
  );
}
