'use client';

import Link from 'next/link';
import { useState } from 'react';
import { cancelOrderAction } from '@/app/account/orders/change-actions';
import { IDLE } from '@/lib/forms/action-state';
import { ConfirmStep } from '@/components/forms/confirm-step';
import { useFormAction } from '@/components/shell/use-server-action';
import { CutoffCountdown } from '@/components/weekly/cutoff-countdown';
import type { Order } from '@/lib/commerce/types';
import styles from '@/components/cart/cart.module.css';
import orderStyles from './orders.module.css';

/** Statuses at which an order could still change, had the cut-off not passed (the API's rule). */
const OPEN_STATUSES = ['placed', 'confirmed'];

/**
 * While the order can change: the time left to its cut-off, "Edit order" and "Cancel order" (asked once
 * more, as it cannot be undone). After the cut-off, a sentence saying why it no longer can.
 */
export function OrderChangePanel({ order }: { order: Pick<Order, 'code' | 'status' | 'deliveryDate' | 'cutoff' | 'amendable'> }) {
  if (!order.amendable) {
    return OPEN_STATUSES.includes(order.status) ? (
      <p className={orderStyles.changeClosed} data-print="hide">
        The cut-off for this delivery has passed: the order can no longer be changed or cancelled.
      </p>
    ) : null;
  }
  return (
    <section className={orderStyles.changePanel} aria-label="Change this order" data-print="hide">
      <CutoffCountdown dates={[{ date: order.deliveryDate, cutoff: order.cutoff }]} variant="cart" purpose="orderChange" />
      <div className={styles.inline}>
        <Link href={`/account/orders/${encodeURIComponent(order.code)}/edit/`} className={styles.primary}>
          Edit order
        </Link>
        <CancelOrderForm orderCode={order.code} />
      </div>
    </section>
  );
}

function CancelOrderForm({ orderCode }: { orderCode: string }) {
  const { state, action, pending, submit } = useFormAction(cancelOrderAction, IDLE);
  const [confirming, setConfirming] = useState(false);
  const error =
    state.status === 'error' ? (
      <p role="alert" className={styles.fieldError}>
        {state.message}
      </p>
    ) : null;
  if (!confirming) {
    return (
      <div>
        <button type="button" className={styles.secondary} onClick={() => setConfirming(true)} aria-busy={pending || undefined}>
          {pending ? 'Cancelling…' : 'Cancel order'}
        </button>
        {error}
      </div>
    );
  }
  return (
    <ConfirmStep
      questionId="cancel-question"
      question={`Cancel order ${orderCode}? Nothing will be delivered. This cannot be undone.`}
      confirmLabel="Yes, cancel order"
      backLabel="Keep order"
      fields={{ orderCode }}
      action={action}
      submit={submit}
      pending={pending}
      onClose={() => setConfirming(false)}
    />
  );
}
