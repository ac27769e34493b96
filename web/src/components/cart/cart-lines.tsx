'use client';

import Link from 'next/link';
import { useEffect, useRef, useState, useTransition, type ReactNode } from 'react';
import { allowSubstituteAction, undoRemoveAction } from '@/app/cart/actions';
import { useNetworkFailure } from '@/components/shell/use-server-action';
import { shelfLifeText } from '@/lib/commerce/product-facts';
import { productHref } from '@/lib/commerce/product-text';
import { useChangeQueue, useQueuedChanges, useQueueRefusals } from '@/lib/offline/queue-hooks';
import { pendingAdds, type CartChange, type QueueRefusal } from '@/lib/offline/queue-types';
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
  /** The product's allergen and dietary marks, drawn on the server (FoodMarks) so the cart's script carries none of it. */
  marks: ReactNode;
  /** The line's offer, saving and next volume break, drawn on the server (OfferNote) likewise. */
  offer?: ReactNode;
  /** What the stock says for the cart's delivery date, drawn on the server (StockNote) likewise. */
  stock?: ReactNode;
  /** Fewer cases are left than the line wants: the line offers to take these (docs/stock.md). */
  takeRest?: number;
  /** "Allow a substitute" (docs/substitutions.md); absent where the answer does not say (a line shown offline). */
  allowSubstitute?: boolean;
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
  useChangeQueue();
  const queued = useQueuedChanges();
  const { refusals, dismiss } = useQueueRefusals();
  const refusalOf = (line: LineView) => refusals.find((refusal) => isOfLine(refusal.change, line));
  const elsewhere = refusals.filter((refusal) => !lines.some((line) => isOfLine(refusal.change, line)));
  const waitingAdds = pendingAdds(queued, (code) => lines.some((line) => line.code === code));
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
      {elsewhere.length > 0 ? (
        <section className={styles.refusals} aria-labelledby="queue-refusals-heading">
          <h2 id="queue-refusals-heading">Changes made offline that could not be made</h2>
          <ul aria-label="Changes that could not be made">
            {elsewhere.map((refusal) => (
              <li key={refusal.key}>
                <span>
                  {refusal.change.productName}: {refusedText(refusal.change)}. <span className={styles.lineError}>{refusal.message}</span>
                </span>{' '}
                <button type="button" className={styles.linkButton} onClick={() => dismiss(refusal.key)}>
                  Dismiss<span className="visually-hidden"> the message about {refusal.change.productName}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {waitingAdds.length > 0 ? (
        <section className={styles.pending} aria-labelledby="queue-pending-heading">
          <h2 id="queue-pending-heading">Waiting to be added</h2>
          <ul aria-label="Waiting to be added">
            {waitingAdds.map((add) => (
              <li key={add.productCode} className={styles.pendingLine}>
                <Link href={productHref(add.productCode)} prefetch={false}>
                  {add.productName}
                </Link>
                <p role="status" className={styles.lineQueued}>
                  Offline: {casesText(add.quantity)} will be added when you are back online
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {lines.length === 0 && waitingAdds.length === 0 ? children : null}
      <ul ref={list} className={styles.lines} aria-label="Cart lines" hidden={lines.length === 0}>
        {lines.map((line, index) => (
          <CartLine
            key={line.entryNumber}
            line={line}
            waiting={queued.filter((change) => isOfLine(change, line))}
            refusal={refusalOf(line)}
            onDismissRefusal={dismiss}
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

/** A change made offline is of a line when it sets that line, or adds its product. */
const isOfLine = (change: CartChange, line: LineView): boolean =>
  change.kind === 'set' ? change.entryNumber === line.entryNumber && change.productCode === line.code : change.productCode === line.code;

const casesText = (quantity: number) => (quantity === 1 ? '1 case' : `${quantity} cases`);

/** What a line says about its changes waiting for the connection. */
function waitingText(waiting: CartChange[]): string {
  const last = waiting[waiting.length - 1];
  if (!last) return '';
  if (last.kind === 'set' && last.quantity === 0) return 'Offline: the removal will be sent when you are back online';
  if (last.kind === 'set') return `Offline: ${casesText(last.quantity)} will be sent when you are back online`;
  return `Offline: ${casesText(last.quantity)} more will be added when you are back online`;
}

/** What did not happen to a change made offline, before the shop's reason. */
export function refusedText(change: CartChange): string {
  if (change.kind === 'add') return `${casesText(change.quantity)} not added (made while offline)`;
  if (change.quantity === 0) return 'Not removed (made while offline)';
  return `Not changed to ${casesText(change.quantity)} (made while offline)`;
}

interface CartLineProps {
  line: LineView;
  /** This line's changes made offline and not sent yet. */
  waiting: CartChange[];
  /** The shop's refusal of a change to this line made offline. */
  refusal: QueueRefusal | undefined;
  onDismissRefusal: (key: string) => void;
  onRemoved: () => void;
}

function CartLine({ line, waiting, refusal, onDismissRefusal, onRemoved }: CartLineProps) {
  const quantity = useLineQuantity(
    { entryNumber: line.entryNumber, productCode: line.code, productName: line.name, minimum: line.minimum, quantity: line.quantity },
    onRemoved,
  );
  const inputId = `qty-${line.entryNumber}`;
  const errorId = `qty-error-${line.entryNumber}`;
  const refusalKey = refusal?.key;
  const { reset } = quantity;
  // A refused change leaves the line as the shop has it: the box shows that quantity again, next to the message.
  useEffect(() => {
    if (refusalKey) reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per refusal
  }, [refusalKey]);
  const describedBy = [quantity.error ? errorId : '', refusal ? `${errorId}-offline` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <li className={styles.line} aria-busy={quantity.saving || undefined}>
      <LineProduct
        code={line.code}
        name={line.name}
        facts={[`${line.brand} · ${line.code} · ${line.packSize}`, `${line.storageText} · ${shelfLifeText(line.shelfLifeDays)}`, `${line.unitPrice} per case`]}
      >
        {line.offer}
        {line.stock}
        {line.takeRest !== undefined ? (
          <button
            type="button"
            className={`button button-secondary ${styles.takeRest}`}
            aria-disabled={quantity.saving || undefined}
            onClick={() => {
              if (!quantity.saving && line.takeRest !== undefined) quantity.setTo(line.takeRest);
            }}
          >
            Take the {line.takeRest} left<span className="visually-hidden"> of {line.name}</span>
          </button>
        ) : null}
        {line.marks}
      </LineProduct>
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
          aria-invalid={quantity.error || refusal ? true : undefined}
          aria-describedby={describedBy}
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
      {line.allowSubstitute === undefined ? null : <SubstituteChoice entryNumber={line.entryNumber} name={`${line.name}, ${line.packSize} (${line.code})`} allowed={line.allowSubstitute} />}
      <p className={styles.lineTotal}>
        <span className={styles.muted}>Line total</span> {line.lineTotal}
      </p>
      <div className={styles.lineNotes} hidden={!quantity.error && waiting.length === 0 && !refusal}>
        {quantity.error ? (
          <p id={errorId} role="alert" className={styles.lineError}>
            {quantity.error}
          </p>
        ) : null}
        {waiting.length > 0 ? (
          <p role="status" className={styles.lineQueued}>
            {waitingText(waiting)}
          </p>
        ) : null}
        {refusal ? (
          <p id={`${errorId}-offline`} role="alert" className={styles.lineError}>
            {refusedText(refusal.change)}: {refusal.message}{' '}
            <button type="button" className={styles.linkButton} onClick={() => onDismissRefusal(refusal.key)}>
              Dismiss<span className="visually-hidden"> the message about {line.name}</span>
            </button>
          </p>
        ) : null}
      </div>
    </li>
  );
}

/**
 * "Allow a substitute" on a cart line: a native checkbox (Space toggles it from the keyboard), saved as it changes;
 * it shows the choice at once and goes back, with the reason, if the shop refuses it.
 */
function SubstituteChoice({ entryNumber, name, allowed }: { entryNumber: number; name: string; allowed: boolean }) {
  const [checked, setChecked] = useState(allowed);
  const [error, setError] = useState('');
  const [pending, startTransition] = useTransition();
  const { callAction, showNetworkError } = useNetworkFailure();
  useEffect(() => setChecked(allowed), [allowed]);
  const id = `substitute-${entryNumber}`;
  const change = (next: boolean) => {
    setChecked(next);
    setError('');
    startTransition(async () => {
      const answer = await callAction(() => allowSubstituteAction(entryNumber, next));
      if (!answer || answer.ok) return;
      setChecked(!next);
      if (answer.network) showNetworkError();
      else setError(answer.message);
    });
  };
  return (
    <div className={styles.substitute} aria-busy={pending || undefined}>
      <input id={id} type="checkbox" checked={checked} onChange={(event) => change(event.target.checked)} aria-describedby={error ? `${id}-error` : undefined} />
      <label htmlFor={id}>
        Allow a substitute<span className="visually-hidden"> for {name}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} role="alert" className={styles.lineError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
