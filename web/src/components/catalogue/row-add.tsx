'use client';

import { useRef, useState, useTransition } from 'react';
import { useAvoidConfirm } from '@/components/food/allergen-profile-confirm';
import { useNetworkFailure } from '@/components/shell/use-server-action';
import { addLinesAction } from '@/app/cart/quick-order/actions';
import { Stepper } from '@/components/weekly/stepper';
import styles from './product-rows.module.css';

interface Props {
  code: string;
  name: string;
  minOrderQuantity: number;
  disabled: boolean;
  /** What the product holds of what the site avoids (avoidWarnings): adding it asks first. */
  avoidWarnings?: string[];
}

/** A row's stepper and Add button; what was typed stays after an error. */
export function RowAdd({ code, name, minOrderQuantity, disabled, avoidWarnings }: Props) {
  const { callAction } = useNetworkFailure();
  const [quantity, setQuantity] = useState(String(minOrderQuantity));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const button = useRef<HTMLButtonElement>(null);
  const { ask, confirm } = useAvoidConfirm(avoidWarnings, () => button.current);
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
      <button ref={button} type="button" className={styles.addButton} onClick={() => ask(add)} disabled={disabled || pending} aria-busy={pending || undefined}>
        {pending ? 'Adding…' : 'Add'}
        <span className="visually-hidden"> {name} to cart</span>
      </button>
      <span role="status" className={message?.ok === false ? styles.error : styles.added}>
        {message?.text ?? ''}
      </span>
      {confirm}
    </div>
  );
}
