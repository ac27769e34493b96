'use client';

import { useState, useTransition } from 'react';
import { useNetworkFailure } from '@/components/shell/use-server-action';
import { addLinesAction } from '@/app/cart/quick-order/actions';
import { Stepper } from '@/components/weekly/stepper';
import styles from './product-rows.module.css';

interface Props {
  code: string;
  name: string;
  minOrderQuantity: number;
  disabled: boolean;
}

/** A row's stepper and Add button; what was typed stays after an error. */
export function RowAdd({ code, name, minOrderQuantity, disabled }: Props) {
  const { callAction } = useNetworkFailure();
  const [quantity, setQuantity] = useState(String(minOrderQuantity));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const add = () =>
    startTransition(async () => {
      const answer = await callAction(() => addLinesAction([{ code, quantity: quantity.trim() }]));
      if (!answer) return;
      const problem = answer.ok ? answer.problems[0] : undefined;
      if (!answer.ok) setMessage({ ok: false, text: answer.message });
      else if (problem) setMessage({ ok: false, text: problem.message });
      else setMessage({ ok: true, text: `Added ${quantity.trim()}` });
    });
  return (
    <div className={styles.add}>
      <Stepper id={`row-qty-${code}`} productName={name} value={quantity} onChange={setQuantity} min={minOrderQuantity} disabled={disabled} />
      <button type="button" className={styles.addButton} onClick={add} disabled={disabled || pending} aria-busy={pending || undefined}>
        {pending ? 'Adding…' : 'Add'}
        <span className="visually-hidden"> {name} to cart</span>
      </button>
      <span role="status" className={message?.ok === false ? styles.error : styles.added}>
        {message?.text ?? ''}
      </span>
    </div>
  );
}
