'use client';

import { useState } from 'react';
import { useFormAction } from '@/components/shell/use-server-action';
import { recordOutcome, type OutcomeState } from './actions';

const NOTHING_YET: OutcomeState = {};

interface Props {
  shipTo: string;
  shipToName: string;
  range: string;
  deliveryDate: string;
  cutoff: string;
}

/**
 * What came of a call (docs/calls.md): "Ordered", "No order this week" or "Call back at …" with its time, and a
 * note. A plain form (it works before scripts load); a refusal keeps what was typed beside its message.
 */
export function OutcomeForm({ shipTo, shipToName, range, deliveryDate, cutoff }: Props) {
  const { state, action, pending, submit } = useFormAction(recordOutcome, NOTHING_YET);
  const id = `call-${shipTo}-${range}-${deliveryDate}`;
  const [outcome, setOutcome] = useState(state.typed?.outcome ?? '');
  const choice = (value: string, label: string) => (
    <label className="admin-call-choice">
      <input type="radio" name="outcome" value={value} checked={outcome === value} onChange={() => setOutcome(value)} /> {label}
    </label>
  );
  return (
    <form action={action} onSubmit={submit} noValidate className="admin-call-form" data-testid={`outcome-${shipTo}-${range}`}>
      <input type="hidden" name="shipTo" value={shipTo} />
      <input type="hidden" name="range" value={range} />
      <input type="hidden" name="deliveryDate" value={deliveryDate} />
      <input type="hidden" name="cutoff" value={cutoff} />
      <fieldset aria-describedby={`${id}-error`}>
        <legend>
          Outcome<span className="visually-hidden"> of the call to {shipToName}</span>
        </legend>
        {choice('ordered', 'Ordered')}
        {choice('noOrderThisWeek', 'No order this week')}
        <span className="admin-call-choice">
          {choice('callBack', 'Call back at …')}
          <label htmlFor={`${id}-time`} className="visually-hidden">
            Call back time for {shipToName}
          </label>
          <input
            id={`${id}-time`}
            name="time"
            type="time"
            className="input admin-call-time"
            defaultValue={state.typed?.time ?? ''}
            onFocus={() => setOutcome('callBack')}
            aria-invalid={state.error && outcome === 'callBack' ? true : undefined}
          />
        </span>
      </fieldset>
      <label htmlFor={`${id}-note`}>
        Note (optional)<span className="visually-hidden"> for {shipToName}</span>
      </label>
      <input id={`${id}-note`} name="note" className="input" maxLength={500} autoComplete="off" defaultValue={state.typed?.note ?? ''} key={state.message ?? 'typed'} />
      <button type="submit" className="button button-primary admin-small-button" disabled={pending} aria-label={`Save the outcome of the call to ${shipToName}`}>
        {pending ? 'Saving…' : 'Save'}
      </button>
      <p role="status" className="admin-status-ok">
        {state.message}
      </p>
      <p id={`${id}-error`} role="alert" className="admin-status-bad">
        {state.error}
      </p>
    </form>
  );
}
