'use client';

import type { ReactNode } from 'react';
import { reorderAction, type ReorderAnswer } from '@/app/account/orders/actions';
import { useFormAction } from '@/components/shell/use-server-action';
import styles from '@/components/cart/cart.module.css';
import orderStyles from '@/components/orders/orders.module.css';
import { AddedLinesReport } from './added-lines-report';

const IDLE: ReorderAnswer = { status: 'idle' };

/**
 * Reorder, with `beside` (the order page's Print button) on the same row; what the reorder did is reported
 * under that row, so a long report (a line no longer sold) never pushes the buttons apart.
 */
export function ReorderButton({ orderCode, beside }: { orderCode: string; beside?: ReactNode }) {
  const { state, action, pending, submit } = useFormAction(reorderAction, IDLE);
  return (
    <form action={action} onSubmit={submit} className={styles.panelForm}>
      <input type="hidden" name="orderCode" value={orderCode} />
      <div className={orderStyles.actions}>
        <button type="submit" className={styles.primary} disabled={pending}>
          {pending ? 'Adding to cart…' : 'Reorder'}
          <span className="visually-hidden"> order {orderCode}</span>
        </button>
        {beside}
      </div>
      <AddedLinesReport state={state} />
    </form>
  );
}
