'use client';

import { useState, useTransition } from 'react';
import { saveDeliveryLinesAction } from '@/app/account/standing-orders/actions';
import { useNetworkFailure } from '@/components/shell/use-server-action';
import { EditableLines, useEditableLines } from './editable-lines';
import type { EditorLine } from './editor-lines';
import cartStyles from '@/components/cart/cart.module.css';
import styles from './standing.module.css';

interface Props {
  standingCode: string;
  date: string;
  lines: EditorLine[];
}

type Outcome = { ok: true } | { ok: false; message: string; line?: string } | null;

/**
 * One delivery's lines, changed for this delivery only: steppers, Remove (and Put back until saved), one Save.
 * Nothing is saved until Save, so the customer can try quantities; what is typed stays next to any refusal.
 */
export function DeliveryEditor({ standingCode, date, lines }: Props) {
  const { callAction, showNetworkError } = useNetworkFailure();
  const edit = useEditableLines(lines);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [pending, startTransition] = useTransition();

  const save = () =>
    startTransition(async () => {
      const answer = await callAction(() => saveDeliveryLinesAction(standingCode, date, edit.sent()));
      if (!answer) return;
      if (!answer.ok && answer.network) {
        showNetworkError();
        return;
      }
      if (answer.ok) edit.settle();
      setOutcome(answer);
    });

  const lineError = outcome && !outcome.ok && outcome.line ? { line: outcome.line, message: outcome.message } : undefined;
  return (
    <div className={styles.controls}>
      <EditableLines edit={edit} label="Lines of this delivery" idPrefix="delivery-qty" leftOutText="Left out of this delivery when you save." lineError={lineError} />
      <div className={styles.editorActions}>
        <button type="button" className={cartStyles.primary} onClick={save} disabled={pending || !edit.changed || edit.keptCount === 0} aria-busy={pending || undefined}>
          {pending ? 'Saving…' : 'Save changes for this delivery'}
        </button>
        <p role="status" className={outcome && !outcome.ok && !outcome.line ? cartStyles.fieldError : cartStyles.hint}>
          {edit.keptCount === 0
            ? 'Every line is removed: put one back, or skip this delivery instead.'
            : outcome?.ok && !edit.changed
              ? 'Saved for this delivery. Your standing order keeps its own lines.'
              : outcome && !outcome.ok && !outcome.line
                ? outcome.message
                : ''}
        </p>
      </div>
    </div>
  );
}
