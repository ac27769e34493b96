'use client';

import { useId, useState, type KeyboardEvent } from 'react';
import { avoidQuestion } from './allergen-profile-words';
import styles from './allergen-profile.module.css';

/**
 * The question before a product the site avoids goes into the cart, in place under its button: "Contains peanuts —
 * Harbour Café – Quayside avoids it. Add it anyway?" with Add anyway and Cancel. Focus goes to Cancel, the safe
 * answer, so a second press of Enter adds nothing; Escape cancels too, and focus then goes back to the button
 * that asked.
 */
export function AvoidConfirm({ warnings, onConfirm, onCancel }: { warnings: readonly string[]; onConfirm: () => void; onCancel: () => void }) {
  const questionId = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };
  return (
    <div role="group" aria-labelledby={questionId} className={styles.confirm} onKeyDown={onKeyDown}>
      <p id={questionId} className={styles.question}>
        {avoidQuestion(warnings)}
      </p>
      <div className={styles.answers}>
        <button type="button" className="button button-secondary" onClick={onConfirm} aria-describedby={questionId}>
          Add anyway
        </button>
        <button type="button" className="button button-primary" onClick={onCancel} aria-describedby={questionId} autoFocus>
          Cancel
        </button>
      </div>
    </div>
  );
}

/**
 * The confirm step around an add: `ask(add)` runs `add` at once for a product the site does not avoid; else it
 * shows the question, and runs `add` only on Add anyway. `returnFocus` is the button that asked.
 */
export function useAvoidConfirm(warnings: readonly string[] | undefined, returnFocus: () => HTMLElement | null) {
  const [pendingAdd, setPendingAdd] = useState<(() => void) | null>(null);
  const ask = (add: () => void) => {
    if (!warnings || warnings.length === 0) add();
    else setPendingAdd(() => add);
  };
  const confirm = pendingAdd ? (
    <AvoidConfirm
      warnings={warnings ?? []}
      onConfirm={() => {
        setPendingAdd(null);
        returnFocus()?.focus();
        pendingAdd();
      }}
      onCancel={() => {
        setPendingAdd(null);
        returnFocus()?.focus();
      }}
    />
  ) : null;
  return { ask, asking: pendingAdd !== null, confirm };
}
