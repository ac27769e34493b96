'use client';

import { useActionState } from 'react';

export interface AdminActionState {
  message?: string;
  error?: string;
}

/**
 * One button that runs a server action on the server (a plain form: it works before scripts load) and says
 * what happened next to it: a status message, or the API's reason for refusing.
 */
export function AdminActionForm({
  action,
  fields,
  label,
  accessibleLabel,
  pendingLabel,
  variant = 'secondary',
}: {
  action: (state: AdminActionState, formData: FormData) => Promise<AdminActionState>;
  fields: Record<string, string>;
  label: string;
  /** The button's name for screen readers when the visible label needs its row to make sense ("Disable" → "Disable ann@…"). */
  accessibleLabel?: string;
  pendingLabel: string;
  variant?: 'primary' | 'secondary';
}) {
  const [state, run, pending] = useActionState(action, {});
  return (
    <form action={run} className="admin-inline-form">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={`button button-${variant} admin-small-button`} disabled={pending} aria-disabled={pending} aria-label={accessibleLabel}>
        {pending ? pendingLabel : label}
      </button>
      {state.message ? (
        <span role="status" className="admin-status-ok">
          {' '}
          {state.message}
        </span>
      ) : null}
      {state.error ? (
        <span role="alert" className="admin-status-bad">
          {' '}
          {state.error}
        </span>
      ) : null}
    </form>
  );
}
