'use client';

import { useEffect, useRef, useState } from 'react';
import { setQuantityAction, type LineRef } from '@/app/cart/actions';
import { useNetworkFailure } from '@/components/shell/use-server-action';
import { readQuantity } from '@/lib/commerce/quantity';
import { canQueue, queueChange } from '@/lib/offline/change-queue';
import { registerCartEdit } from './cart-edits';

/** A pause in typing after which a valid quantity saves itself, like the checkout fields. */
export const QUANTITY_AUTOSAVE_MS = 700;

interface LineQuantity {
  text: string;
  error: string;
  saving: boolean;
  type(value: string): void;
  /** Update (or Enter): saves what is typed; a bad or blank quantity is a message, the box keeps it. */
  submit(): void;
  remove(): void;
  /** Sets and saves this quantity (the stock offer: "Take the 6 left"). */
  setTo(quantity: number): void;
  /** Back to the cart's quantity (a change made offline was refused). */
  reset(): void;
}

/**
 * One cart line's quantity box. What the customer types is theirs until it is saved: a refreshed cart does not
 * overwrite it, a failed save keeps it next to the message, and saves of one line run one after another.
 */
export function useLineQuantity(line: LineRef & { quantity: number }, onRemoved: () => void): LineQuantity {
  const { callAction, showNetworkError } = useNetworkFailure();
  const [text, setText] = useState(String(line.quantity));
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(0);
  const latest = useRef({ text: String(line.quantity), saved: line.quantity, saving: 0, line, onRemoved, callAction, showNetworkError });
  const queue = useRef<Promise<boolean>>(Promise.resolve(true));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saveRef = useRef<(raw: string) => Promise<boolean>>(() => Promise.resolve(false));

  useEffect(() => {
    Object.assign(latest.current, { line, onRemoved, callAction, showNetworkError });
  });

  // The cart was refreshed (this tab or another): show its quantity unless the customer has typed another.
  useEffect(() => {
    const current = latest.current;
    if (current.text.trim() === String(current.saved)) {
      current.text = String(line.quantity);
      setText(current.text);
    }
    current.saved = line.quantity;
  }, [line.quantity]);

  useEffect(() => {
    const current = latest.current;

    const send = async (raw: string): Promise<boolean> => {
      const { line: ref } = current;
      const reading = readQuantity(raw, { productName: ref.productName, minimum: ref.minimum, zeroRemoves: true });
      if (!reading.ok) {
        setError(reading.message);
        return false;
      }
      if (reading.quantity === current.saved) {
        setError('');
        return true;
      }
      const lineRef: LineRef = { entryNumber: ref.entryNumber, productCode: ref.productCode, productName: ref.productName, minimum: ref.minimum };
      // Offline: the change waits in the queue (docs/phone.md, "The offline cart") and the line says so.
      if (canQueue() && (await queueChange({ kind: 'set', ...lineRef, quantity: reading.quantity, was: current.saved }))) {
        setError('');
        current.saved = reading.quantity;
        return true;
      }
      current.saving += 1;
      setSaving(current.saving);
      const answer = await current.callAction(() => setQuantityAction(lineRef, raw));
      current.saving -= 1;
      setSaving(current.saving);
      if (!answer) return false;
      if (!answer.ok) {
        if (answer.network) current.showNetworkError();
        else setError(answer.message);
        return false;
      }
      setError('');
      current.saved = reading.quantity;
      if (reading.quantity === 0) current.onRemoved();
      return true;
    };

    const save = (raw: string): Promise<boolean> => {
      clearTimeout(timer.current);
      const run = queue.current.then(() => send(raw));
      queue.current = run;
      return run;
    };
    saveRef.current = save;

    const unregister = registerCartEdit({
      unsaved: () => current.saving > 0 || current.text.trim() !== String(current.saved),
      save: () => save(current.text),
    });
    return () => {
      clearTimeout(timer.current);
      unregister();
    };
  }, []);

  return {
    text,
    error,
    saving: saving > 0,
    type(value) {
      latest.current.text = value;
      setText(value);
      clearTimeout(timer.current);
      const { line: ref } = latest.current;
      const reading = readQuantity(value, { productName: ref.productName, minimum: ref.minimum, zeroRemoves: true });
      // Removal is only ever asked for (0 and Update, or Remove): a 0 on its way to "05" must not drop the line.
      if (!reading.ok || reading.quantity === 0) return;
      timer.current = setTimeout(() => void saveRef.current(latest.current.text), QUANTITY_AUTOSAVE_MS);
    },
    submit() {
      void saveRef.current(latest.current.text);
    },
    remove() {
      void saveRef.current('0');
    },
    setTo(wanted) {
      latest.current.text = String(wanted);
      setText(latest.current.text);
      void saveRef.current(latest.current.text);
    },
    reset() {
      const current = latest.current;
      current.text = String(current.line.quantity);
      current.saved = current.line.quantity;
      setText(current.text);
      setError('');
    },
  };
}
