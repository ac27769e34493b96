'use client';

import styles from './weekly.module.css';
import { LIMITS } from '@/lib/limits';

interface Props {
  id: string;
  /** Names the product for the buttons ("Fewer Brie"), as each row has its own pair. */
  productName: string;
  value: string;
  onChange: (value: string) => void;
  min?: number;
  disabled?: boolean;
  label?: string;
}

const MAX = LIMITS.quantity;

/** A quantity box between − and + buttons; the box takes typing too, and what is typed is kept as typed. */
export function Stepper({ id, productName, value, onChange, min = 0, disabled = false, label = 'Quantity' }: Props) {
  const current = /^\d+$/.test(value.trim()) ? Number(value.trim()) : null;
  const step = (delta: number) => {
    const next = Math.min(MAX, Math.max(min, (current ?? (delta > 0 ? min - 1 : min + 1)) + delta));
    onChange(String(next));
  };
  return (
    <div className={styles.stepper}>
      <label htmlFor={id} className="visually-hidden">
        {label} of {productName}
      </label>
      <button type="button" onClick={() => step(-1)} disabled={disabled || (current !== null && current <= min)} aria-label={`One fewer ${productName}`}>
        −
      </button>
      <input id={id} type="text" inputMode="numeric" autoComplete="off" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)} />
      <button type="button" onClick={() => step(1)} disabled={disabled || (current !== null && current >= MAX)} aria-label={`One more ${productName}`}>
        +
      </button>
    </div>
  );
}
