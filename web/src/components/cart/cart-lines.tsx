'use client';

import { useEffect, useRef, useState, useTransition, type ReactNode } from 'react';
import { undoRemoveAction } from '@/app/cart/actions';
import { useNetworkFailure } from '@/components/shell/use-server-action';
import { shelfLifeText } from '@/lib/commerce/product-facts';
import styles from './cart.module.css';
import { LineProduct } from './line-product';
import { useLeaveGuard } from './use-leave-guard';
import { useLineQuantity } from './use-line-quantity';

export interface LineView {
  entryNumber: number;
  code: string;
  name: string;
  brand: string;
  packSize: string;
  /** The product's minimum order, in cases (quantity messages say it). */
  minimum: number;
  storageText: string;
  shelfLifeDays: number;
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
 * The cart's lines: quantity changes (saved as the customer types, and before leaving the page), removal
 * (quantity 0 or Remove) with undo, errors at the line. It stays mounted when the last line goes, so the undo
 * offer survives; `children` is what an empty cart shows.
 */
export function CartLines({ lines, children }: { lines: LineView[]; children: ReactNode }) {
  const [removed, setRemoved] = useState<Removed | null>(null);
  const [undoError, setUndoError] = useState('');
  const [pending, startTransition] = useTransition();
  const { callAction, showNetworkError } = useNetworkFailure();
  useLeaveGuard();
  const list = useRef<HTMLUListElement>(null);
  const [refocus, setRefocus] = useState<{ code: string; index: number } | null>(null);

  // A removed line takes its focused Remove button with it: focus goes on to the next line, or to the cart's
  // heading when none follows, once the line has left the list.
  useEffect(() => {
    if (!refocus || lines.some((line) => line.code === refocus.code)) return;
    setRefocus(null);
    const next = list.current?.querySelectorAll<HTMLInputElement>('input[name="quantity"]')[refocus.index];
    const heading = document.querySelector<HTMLElement>('main h1');
    heading?.setAttribute('tabindex', '-1');
    (next ?? heading)?.focus();
  }, [lines, refocus]);

  const undo = () =>
    startTransition(async () => {
      if (!removed) return;
      const answer = await callAction(() => undoRemoveAction(removed.code, removed.quantity));
      if (!answer) return;
      if (answer.ok) setRemoved(null);
      else if (answer.network) showNetworkError();
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
      <ul ref={list} className={styles.lines} aria-label="Cart lines" hidden={lines.length === 0}>
        {lines.map((line, index) => (
          <CartLine
            key={line.entryNumber}
            line={line}
            onRemoved={() => {
              setUndoError('');
              setRemoved({ code: line.code, name: line.name, quantity: line.quantity });
              setRefocus({ code: line.code, index });
            }}
          />
        ))}
      </ul>
    </>
  );
}

function CartLine({ line, onRemoved }: { line: LineView; onRemoved: () => void }) {
  const quantity = useLineQuantity(
    { entryNumber: line.entryNumber, productCode: line.code, productName: line.name, minimum: line.minimum, quantity: line.quantity },
    onRemoved,
  );
  const inputId = `qty-${line.entryNumber}`;
  const errorId = `qty-error-${line.entryNumber}`;

  return (
    <li className={styles.line} aria-busy={quantity.saving || undefined}>
      <LineProduct
        code={line.code}
        name={line.name}
        facts={[`${line.brand} · ${line.code} · ${line.packSize}`, `${line.storageText} · ${shelfLifeText(line.shelfLifeDays)}`, `${line.unitPrice} per case`]}
      />
      <form
        className={styles.lineQuantity}
        onSubmit={(event) => {
          event.preventDefault();
          if (!quantity.saving) quantity.submit();
        }}
        aria-label={`Quantity of ${line.name}`}
      >
        <label htmlFor={inputId}>Quantity</label>
        <input
          id={inputId}
          name="quantity"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={quantity.text}
          onChange={(event) => quantity.type(event.target.value)}
          aria-invalid={quantity.error ? true : undefined}
          aria-describedby={quantity.error ? errorId : undefined}
        />
        {/* Busy, not disabled, while saving: a disabled button loses keyboard focus to the page. */}
        <button type="submit" aria-disabled={quantity.saving || undefined}>
          {quantity.saving ? 'Updating…' : 'Update'}
        </button>
        <button
          type="button"
          className={styles.linkButton}
          aria-disabled={quantity.saving || undefined}
          onClick={() => {
            if (!quantity.saving) quantity.remove();
          }}
        >
          Remove<span className="visually-hidden"> {line.name}</span>
        </button>
      </form>
      <p className={styles.lineTotal}>
        <span className={styles.muted}>Line total</span> {line.lineTotal}
      </p>
      {quantity.error ? (
        <p id={errorId} role="alert" className={styles.lineError}>
          {quantity.error}
        </p>
      ) : null}
    </li>
  );
}
