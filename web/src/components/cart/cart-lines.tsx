'use client';

import Link from 'next/link';
import { useState, useTransition, type FormEvent, type ReactNode } from 'react';
import { setQuantityAction, undoRemoveAction } from '@/app/cart/actions';
import { productHref, productImageSrc } from '@/lib/commerce/product-text';
import styles from './cart.module.css';

export interface LineView {
  entryNumber: number;
  code: string;
  name: string;
  packSize: string;
  quantity: number;
  unitPrice: string;
  lineTotal: string;
}

interface Removed {
  code: string;
  name: string;
  quantity: number;
}

/**
 * The cart's lines: quantity changes, removal (quantity 0 or Remove) with undo, errors at the line. It stays
 * mounted when the last line goes, so the undo offer survives; `children` is what an empty cart shows.
 */
export function CartLines({ lines, children }: { lines: LineView[]; children: ReactNode }) {
  const [removed, setRemoved] = useState<Removed | null>(null);
  const [undoError, setUndoError] = useState('');
  const [pending, startTransition] = useTransition();

  const undo = () =>
    startTransition(async () => {
      if (!removed) return;
      const answer = await undoRemoveAction(removed.code, removed.quantity);
      if (answer.ok) setRemoved(null);
      else setUndoError(answer.message);
    });

  return (
    <>
      <div role="status" className={styles.undo} hidden={!removed}>
        {removed ? (
          <>
            <span>
              Removed {removed.name} ({removed.quantity}) from your cart.
            </span>{' '}
            <button type="button" className={styles.linkButton} onClick={undo} disabled={pending}>
              Undo
            </button>
            {undoError ? <span className={styles.lineError}> {undoError}</span> : null}
          </>
        ) : null}
      </div>
      {lines.length === 0 ? children : null}
      <ul className={styles.lines} aria-label="Cart lines" hidden={lines.length === 0}>
        {lines.map((line) => (
          <CartLine
            key={line.entryNumber}
            line={line}
            onRemoved={() => {
              setUndoError('');
              setRemoved({ code: line.code, name: line.name, quantity: line.quantity });
            }}
          />
        ))}
      </ul>
    </>
  );
}

function CartLine({ line, onRemoved }: { line: LineView; onRemoved: () => void }) {
  const [error, setError] = useState('');
  const [pending, startTransition] = useTransition();
  const inputId = `qty-${line.entryNumber}`;
  const errorId = `qty-error-${line.entryNumber}`;

  const change = (quantity: string) =>
    startTransition(async () => {
      const answer = await setQuantityAction(line.entryNumber, line.code, quantity);
      if (!answer.ok) {
        setError(answer.message);
        return;
      }
      setError('');
      if (Number(quantity.trim()) === 0) onRemoved();
    });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('quantity');
    change(typeof value === 'string' ? value : '');
  };

  return (
    <li className={styles.line} aria-busy={pending || undefined}>
      <div className={styles.lineImage}>
        <img src={productImageSrc(line.code)} alt="" width={72} height={72} loading="lazy" decoding="async" />
      </div>
      <div className={styles.lineInfo}>
        <Link href={productHref(line.code)} prefetch={false} className={styles.lineName}>
          {line.name}
        </Link>
        <span className={styles.muted}>{line.packSize}</span>
        <span className={styles.muted}>{line.unitPrice} per case</span>
      </div>
      <form className={styles.lineQuantity} onSubmit={submit} aria-label={`Quantity of ${line.name}`}>
        <label htmlFor={inputId}>Quantity</label>
        <input
          id={inputId}
          name="quantity"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={String(line.quantity)}
          key={line.quantity}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" disabled={pending}>
          {pending ? 'Updating…' : 'Update'}
        </button>
        <button type="button" className={styles.linkButton} disabled={pending} onClick={() => change('0')}>
          Remove<span className="visually-hidden"> {line.name}</span>
        </button>
      </form>
      <p className={styles.lineTotal}>
        <span className={styles.muted}>Line total</span> {line.lineTotal}
      </p>
      {error ? (
        <p id={errorId} role="alert" className={styles.lineError}>
          {error}
        </p>
      ) : null}
    </li>
  );
}
