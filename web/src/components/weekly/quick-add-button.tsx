'use client';

import { useState, useTransition } from 'react';
import { useNetworkFailure } from '@/components/shell/use-server-action';
import { addLinesAction } from '@/app/cart/quick-order/actions';
import styles from './weekly.module.css';

/** One tap adds a usual item at its usual (or par) quantity. */
export function QuickAddButton({ code, name, quantity }: { code: string; name: string; quantity: number }) {
  const { callAction } = useNetworkFailure();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const add = () =>
    startTransition(async () => {
      const answer = await callAction(() => addLinesAction([{ code, quantity }]));
      if (!answer) return;
      const problem = answer.ok ? answer.problems[0] : undefined;
      if (!answer.ok) setMessage({ ok: false, text: answer.message });
      else if (problem) setMessage({ ok: false, text: problem.message });
      else setMessage({ ok: true, text: 'Added' });
    });
  return (
    <div>
      <button type="button" className={styles.secondary} onClick={add} disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Adding…' : `Add ${quantity}`}
        <span className="visually-hidden"> {name}</span>
      </button>
      <span role="status" className={message?.ok === false ? styles.error : styles.muted}>
        {message ? ` ${message.text}` : ''}
      </span>
    </div>
  );
}
