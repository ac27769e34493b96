'use client';

import { useState } from 'react';
import { decideCreditAction, type CreditDecisionState } from '@/app/admin/credits/[code]/actions';
import { useFormAction } from '@/components/shell/use-server-action';
import { formatPence } from '@/lib/commerce/approvals';
import { creditedCasesPence } from '@/lib/commerce/credit-amounts';
import styles from './credits.module.css';

type Choice = 'accepted' | 'partlyAccepted' | 'rejected';

const NOTHING_YET: CreditDecisionState = {};

/** A line of the request as the form needs it: what to call it, the cases asked for and their prices. */
export interface DecisionFormLine {
  entryNumber: number;
  name: string;
  quantity: number;
  unitPricePence: number;
  vatRateBp: number;
}

/** Whole cases from 0 to what the line asked for; anything else is told next to the field. */
function casesProblem(text: string, quantity: number): string {
  if (!/^\d{1,4}$/.test(text.trim()) || Number(text) > quantity) return `Enter a whole number of cases from 0 to ${quantity}`;
  return '';
}

/** The amount the cases chosen come to, or undefined while one of them is not a number of cases. */
function partAmount(lines: DecisionFormLine[], cases: Record<number, string>): number | undefined {
  let total = 0;
  for (const line of lines) {
    const text = cases[line.entryNumber] ?? '';
    if (casesProblem(text, line.quantity)) return undefined;
    total += creditedCasesPence(line.unitPricePence, Number(text), line.vatRateBp);
  }
  return total;
}

/**
 * The back office's decision on a credit request: accept all of it, part of it (the cases credited per line,
 * each line's amount at its order price with VAT), or reject it with a note for the customer. A decision is
 * final, so the button says what it does. Sent without a form reset (useFormAction), so a refused decision
 * loses nothing chosen or typed.
 */
export function CreditDecisionForm({ code, requested, lines }: { code: string; requested: string; lines: DecisionFormLine[] }) {
  const { state, action, pending, submit } = useFormAction(decideCreditAction, NOTHING_YET);
  const [choice, setChoice] = useState<Choice>('accepted');
  const [cases, setCases] = useState<Record<number, string>>(() => Object.fromEntries(lines.map((line) => [line.entryNumber, String(line.quantity)])));
  const [note, setNote] = useState('');
  const [creditNoteNumber, setCreditNoteNumber] = useState('');
  const errorId = (field: string) => `credit-decision-error-${field.replace(/\W/g, '-')}`;
  const problemAt = (field: string) => (state.error && state.field === field ? state.error : '');
  const invalid = (field: string, problem = problemAt(field)) => (problem ? { 'aria-invalid': true as const, 'aria-describedby': errorId(field) } : {});
  // What the server refused is announced; a number being typed is only described, not read out at every key.
  const fieldError = (field: string, problem = problemAt(field)) =>
    problem ? (
      <p id={errorId(field)} className="admin-status-bad" role={problemAt(field) ? 'alert' : undefined}>
        {problem}
      </p>
    ) : null;
  const formFields = ['note', 'creditNoteNumber', 'lines', ...lines.map((line) => `credited.${line.entryNumber}`)];
  const generalError = state.error && !formFields.includes(state.field ?? '') ? state.error : '';
  const part = partAmount(lines, cases);
  const label =
    choice === 'accepted' ? `Accept ${requested}` : choice === 'partlyAccepted' ? `Accept part${part === undefined ? '' : `: ${formatPence(part)}`}` : 'Reject';
  return (
    <form action={action} onSubmit={submit} className={styles.form} noValidate>
      <input type="hidden" name="code" value={code} />
      <fieldset className={styles.choices}>
        <legend>Decision</legend>
        <label>
          <input type="radio" name="status" value="accepted" checked={choice === 'accepted'} onChange={() => setChoice('accepted')} />
          Accept in full ({requested})
        </label>
        <label>
          <input type="radio" name="status" value="partlyAccepted" checked={choice === 'partlyAccepted'} onChange={() => setChoice('partlyAccepted')} />
          Accept part
        </label>
        <label>
          <input type="radio" name="status" value="rejected" checked={choice === 'rejected'} onChange={() => setChoice('rejected')} />
          Reject
        </label>
      </fieldset>
      {choice === 'partlyAccepted' ? (
        <fieldset className={styles.choices} aria-describedby={problemAt('lines') ? errorId('lines') : undefined}>
          <legend>Cases credited per line</legend>
          {fieldError('lines')}
          {lines.map((line) => {
            const field = `credited.${line.entryNumber}`;
            const text = cases[line.entryNumber] ?? '';
            const problem = problemAt(field) || casesProblem(text, line.quantity);
            const id = `credit-cases-${line.entryNumber}`;
            return (
              <div key={line.entryNumber} className={styles.casesField}>
                <label htmlFor={id}>Cases credited: {line.name}</label>
                <div className={styles.casesInput}>
                  <input
                    id={id}
                    name={field}
                    className="input"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={line.quantity}
                    step={1}
                    value={text}
                    onChange={(event) => setCases((current) => ({ ...current, [line.entryNumber]: event.target.value }))}
                    {...invalid(field, problem)}
                  />
                  <span>of {line.quantity} requested</span>
                </div>
                {fieldError(field, problem)}
              </div>
            );
          })}
          <p aria-live="polite">
            Amount to credit, including VAT: <strong>{part === undefined ? '—' : formatPence(part)}</strong> of {requested}
          </p>
        </fieldset>
      ) : null}
      <div className="field">
        <label className="field-label" htmlFor="credit-note">
          {choice === 'rejected' ? 'Note for the customer (required)' : 'Note for the customer (optional)'}
        </label>
        <textarea
          id="credit-note"
          name="note"
          className="input"
          rows={3}
          maxLength={1000}
          required={choice === 'rejected'}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          {...invalid('note')}
        />
        {fieldError('note')}
      </div>
      <div className="field">
        <label className="field-label" htmlFor="credit-note-number">
          Credit note number (optional)
        </label>
        <input
          id="credit-note-number"
          name="creditNoteNumber"
          className="input"
          maxLength={40}
          autoComplete="off"
          value={creditNoteNumber}
          onChange={(event) => setCreditNoteNumber(event.target.value)}
          {...invalid('creditNoteNumber')}
        />
        {fieldError('creditNoteNumber')}
      </div>
      <div>
        <button type="submit" className="button button-primary" disabled={pending} aria-disabled={pending}>
          {pending ? 'Saving…' : label}
        </button>
      </div>
      {generalError ? (
        <p role="alert" className="admin-status-bad">
          {generalError}
        </p>
      ) : null}
    </form>
  );
}
