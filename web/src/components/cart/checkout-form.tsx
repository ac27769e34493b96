'use client';

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { approvalNoticeFor, placeOrderAction, saveCheckoutField } from '@/app/cart/checkout/actions';
import type { ApprovalNotice } from '@/lib/commerce/approval-calls';
import type { DateChoice } from '@/lib/commerce/dates';
import { IDLE } from '@/lib/forms/action-state';
import { publishCartUnits } from '@/components/shell/cart-units';
import { LinkedMessage } from '@/components/shell/linked-message';
import { useFormAction, useNetworkFailure } from '@/components/shell/use-server-action';
import styles from './cart.module.css';
import { LIMITS } from '@/lib/limits';

export type { DateChoice };

interface Props {
  cartId: string;
  idempotencyKey: string;
  dates: DateChoice[];
  initial: { requestedDeliveryDate: string; purchaseOrderNumber: string; deliveryInstructions: string };
  purchaseOrderRequired: boolean;
  /** The "Needs approval" notice for the date initially chosen. */
  approval?: ApprovalNotice;
  /** The cart's products the site avoids (CheckoutAvoidNotice), shown just above Place order. */
  avoidNotice?: ReactNode;
  /** Why the order would wait for the credit team (CheckoutCreditNotice), shown just above Place order. */
  creditNotice?: ReactNode;
}

type Field = keyof Props['initial'];
type SaveState = 'idle' | 'saving' | 'saved' | 'error';

const SAVE_DELAY_MS = 400;

const NOT_SAVED = 'Not saved yet: it is saved with the order, or try again when the connection is back.';

/**
 * Each field is saved to the cart as it changes: a short pause after typing, at once for the date. A save that
 * fails (the connection, the API, a bad value) says so at the field; none is left saying "Saving…".
 */
function useAutosave(cartId: string) {
  const { callAction, showNetworkError } = useNetworkFailure();
  const timers = useRef(new Map<Field, ReturnType<typeof setTimeout>>());
  const [status, setStatus] = useState<Record<Field, SaveState>>({
    requestedDeliveryDate: 'idle',
    purchaseOrderNumber: 'idle',
    deliveryInstructions: 'idle',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  /** A check in the browser that failed: shown at the field like a save that failed. */
  const refuse = (field: Field, error: string) => {
    clearTimeout(timers.current.get(field));
    setStatus((s) => ({ ...s, [field]: 'error' }));
    setErrors((e) => ({ ...e, [field]: error }));
  };

  const [savedNotes, setSavedNotes] = useState<Partial<Record<Field, string>>>({});
  const settle = (field: Field, error: string | undefined, savedNote?: string) => {
    setStatus((s) => ({ ...s, [field]: error === undefined ? 'saved' : 'error' }));
    setErrors((e) => ({ ...e, [field]: error }));
    setSavedNotes((notes) => ({ ...notes, [field]: savedNote }));
  };

  const send = async (field: Field, value: string) => {
    const answer = await callAction(() => saveCheckoutField(cartId, field, value));
    if (!answer) return settle(field, NOT_SAVED);
    if (answer.ok) return settle(field, undefined, answer.repriced);
    if (answer.network) showNetworkError();
    settle(field, answer.network ? NOT_SAVED : answer.message);
  };

  const save = (field: Field, value: string, delay = SAVE_DELAY_MS) => {
    clearTimeout(timers.current.get(field));
    setStatus((s) => ({ ...s, [field]: 'saving' }));
    timers.current.set(
      field,
      setTimeout(() => void send(field, value), delay),
    );
  };
  return { status, errors, savedNotes, save, refuse };
}

const PO_REQUIRED = 'Enter a purchase order number: this account needs one on every order.';
const DATE_REQUIRED = 'Choose a delivery date';

const statusText: Record<SaveState, string> = { idle: '', saving: 'Saving…', saved: 'Saved', error: '' };

export function CheckoutForm({ cartId, idempotencyKey, dates, initial, purchaseOrderRequired, approval, avoidNotice, creditNotice }: Props) {
  const { state, action, pending, submit } = useFormAction(placeOrderAction, IDLE);
  const { status, errors, savedNotes, save, refuse } = useAutosave(cartId);
  const { notice, checkDate } = useApprovalNotice(approval, initial.requestedDeliveryDate);
  const cartUnits = state.status === 'error' ? state.cartUnits : undefined;
  useEffect(() => {
    if (cartUnits !== undefined) publishCartUnits(cartUnits);
  }, [cartUnits, state]);
  // The text beside the dropdown names the chosen date's cut-off in full; the options are short for a phone.
  const [chosenDate, setChosenDate] = useState(initial.requestedDeliveryDate);
  const next = dates.find((choice) => choice.date === chosenDate) ?? dates[0];

  const note = (field: Field) => (
    <p id={`${field}-status`} className={errors[field] ? styles.fieldError : styles.saveNote} role="status">
      {errors[field] ?? (status[field] === 'saved' ? (savedNotes[field] ?? statusText.saved) : statusText[status[field]])}
    </p>
  );

  /** The shop's own messages at the fields, not the browser's bubble (the form is noValidate). */
  const checkThenSubmit = (event: FormEvent<HTMLFormElement>) => {
    const fields = event.currentTarget.elements;
    const value = (name: Field) => (fields.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value.trim() ?? '';
    const missing: [Field, string][] = [];
    if (value('requestedDeliveryDate') === '') missing.push(['requestedDeliveryDate', DATE_REQUIRED]);
    if (purchaseOrderRequired && value('purchaseOrderNumber') === '') missing.push(['purchaseOrderNumber', PO_REQUIRED]);
    if (missing.length === 0) {
      submit(event);
      return;
    }
    event.preventDefault();
    missing.forEach(([field, message]) => refuse(field, message));
    (fields.namedItem(missing[0]?.[0] ?? '') as HTMLElement | null)?.focus();
  };

  return (
    <form action={action} onSubmit={checkThenSubmit} noValidate className={styles.checkout} aria-labelledby="checkout-details">
      <h2 id="checkout-details">Delivery details</h2>
      <input type="hidden" name="cartId" value={cartId} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />

      <fieldset className={styles.field}>
        <legend>Delivery date</legend>
        {next ? (
          <p className={styles.hint} id="cutoff-note">
            Order by {next.cutoffLabel} for delivery on {next.label}.
          </p>
        ) : (
          <p className={styles.fieldError}>No delivery dates are open for this account at the moment. Please contact customer service.</p>
        )}
        <select
          id="requestedDeliveryDate"
          name="requestedDeliveryDate"
          defaultValue={initial.requestedDeliveryDate}
          required
          aria-label="Delivery date"
          aria-describedby="cutoff-note requestedDeliveryDate-status"
          aria-invalid={errors.requestedDeliveryDate ? true : undefined}
          onChange={(event) => {
            setChosenDate(event.target.value);
            save('requestedDeliveryDate', event.target.value, 0);
            checkDate(event.target.value);
          }}
        >
          <option value="" disabled>
            Choose a delivery date
          </option>
          {dates.map((choice) => (
            <option key={choice.date} value={choice.date}>
              {choice.optionLabel}
            </option>
          ))}
        </select>
        {note('requestedDeliveryDate')}
      </fieldset>

      <div className={styles.field}>
        <label htmlFor="purchaseOrderNumber">
          Purchase order number{purchaseOrderRequired ? '' : ' (optional)'}
        </label>
        <input
          id="purchaseOrderNumber"
          name="purchaseOrderNumber"
          type="text"
          autoComplete="off"
          maxLength={LIMITS.purchaseOrderNumber}
          required={purchaseOrderRequired}
          aria-invalid={errors.purchaseOrderNumber ? true : undefined}
          defaultValue={initial.purchaseOrderNumber}
          aria-describedby="purchaseOrderNumber-status"
          onChange={(event) => save('purchaseOrderNumber', event.target.value)}
        />
        {note('purchaseOrderNumber')}
      </div>

      <div className={styles.field}>
        <label htmlFor="deliveryInstructions">Delivery instructions (optional)</label>
        <textarea
          id="deliveryInstructions"
          name="deliveryInstructions"
          maxLength={LIMITS.deliveryInstructions}
          defaultValue={initial.deliveryInstructions}
          aria-describedby="deliveryInstructions-hint deliveryInstructions-status"
          onChange={(event) => save('deliveryInstructions', event.target.value)}
        />
        <p id="deliveryInstructions-hint" className={styles.hint}>
          For example where to leave the delivery or the best time to arrive. At most 500 characters.
        </p>
        {note('deliveryInstructions')}
      </div>

      {avoidNotice}
      {creditNotice}
      <NeedsApproval notice={notice.answer} cutoffLabel={dates.find((choice) => choice.date === notice.date)?.cutoffLabel} />
      {state.status === 'error' ? (
        <p role="alert" className={styles.fieldError}>
          <LinkedMessage message={state.message} link={state.link} />
        </p>
      ) : null}
      <button type="submit" className={styles.primary} disabled={pending || !next} aria-busy={pending || undefined}>
        {pending ? 'Placing order…' : 'Place order'}
      </button>
    </form>
  );
}

/**
 * The "Needs approval" notice for the date chosen (docs/approvals.md): asked again when the date changes; the
 * answer for a date chosen since is dropped, so a slow answer never shows another date's notice.
 */
function useApprovalNotice(initial: ApprovalNotice, initialDate: string) {
  const { callAction } = useNetworkFailure();
  const [notice, setNotice] = useState({ answer: initial, date: initialDate });
  const latest = useRef('');
  const checkDate = (date: string) => {
    latest.current = date;
    void callAction(() => approvalNoticeFor(date)).then((answer) => {
      if (latest.current === date) setNotice({ answer, date });
    });
  };
  return { notice, checkDate };
}

/** Said before the order is placed: it will wait for approval, by when it must be approved, and why. */
function NeedsApproval({ notice, cutoffLabel }: { notice: ApprovalNotice; cutoffLabel: string | undefined }) {
  return (
    <div role="status" className={notice ? styles.approvalNotice : undefined}>
      {notice ? (
        <>
          <p>
            <strong>Needs approval</strong>
          </p>
          <p>This order is over a spending limit: once placed, it waits for approval before it goes to the warehouse.</p>
          {cutoffLabel ? <p>It must be approved by the cut-off, {cutoffLabel}; otherwise it expires and is not delivered.</p> : null}
          <p>Why it needs approval:</p>
          <ul aria-label="Why it needs approval">
            {notice.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
