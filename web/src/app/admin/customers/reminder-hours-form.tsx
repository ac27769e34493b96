'use client';

import { useFormAction } from '@/components/shell/use-server-action';
import { setReminderHours, type ReminderHoursState } from './actions';

const NOTHING_YET: ReminderHoursState = {};

/**
 * A ship-to's cut-off reminder hours (docs/phone.md "Cut-off reminders"): how long before its cut-off its users
 * are e-mailed on a usual ordering day with nothing ordered; 0 turns the reminders off, "Use default" goes back to
 * CUTOFF_REMINDER_HOURS. A plain form (it works before scripts load); a refusal keeps what was typed.
 */
export function ReminderHoursForm({ shipTo, shipToName, hours, own }: { shipTo: string; shipToName: string; hours: number; own: boolean }) {
  const { state, action, pending, submit } = useFormAction(setReminderHours, NOTHING_YET);
  const id = `reminder-hours-${shipTo}`;
  return (
    <form action={action} onSubmit={submit} noValidate className="admin-reminder-form" data-testid={`reminder-${shipTo}`}>
      <input type="hidden" name="shipTo" value={shipTo} />
      <label htmlFor={id}>
        Hours before cut-off<span className="visually-hidden"> for {shipToName}</span>
      </label>{' '}
      <input
        id={id}
        name="hours"
        className="input admin-hours-input"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={2}
        autoComplete="off"
        defaultValue={state.hours ?? String(hours)}
        key={state.message ?? 'typed'}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={`${id}-help ${id}-error`}
      />{' '}
      <button type="submit" name="intent" value="save" className="button button-secondary admin-small-button" disabled={pending} aria-label={`Save reminder hours for ${shipToName}`}>
        {pending ? 'Saving…' : 'Save'}
      </button>
      {own ? (
        <button type="submit" name="intent" value="default" className="button button-secondary admin-small-button" disabled={pending} aria-label={`Use the default reminder hours for ${shipToName}`}>
          Use default
        </button>
      ) : null}
      <p id={`${id}-help`} className="admin-muted">
        {own ? 'Own setting' : 'Default'}; 0: no reminders.
      </p>
      <p role="status" className="admin-status-ok">
        {state.message}
      </p>
      <p id={`${id}-error`} role="alert" className="admin-status-bad">
        {state.error}
      </p>
    </form>
  );
}
