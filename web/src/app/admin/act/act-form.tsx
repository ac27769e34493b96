'use client';

import { useEffect } from 'react';
import { useFormAction } from '@/components/shell/use-server-action';
import type { ShipToUsers } from '@/lib/admin/assisted-schemas';
import { startActingAction, type StartActingState } from './actions';

const NOTHING_YET: StartActingState = {};

/**
 * The user to act for and the reason, then Start. Checked on the server (a plain form: it works before scripts
 * load); a refusal shows beside its field and keeps what was chosen and typed. Started, the shop opens as a
 * whole page (it has its own shell).
 */
export function ActForm({ shipTo, users, from }: { shipTo: string; users: ShipToUsers['users']; from: string }) {
  const { state, action, pending, submit } = useFormAction(startActingAction, NOTHING_YET);
  const errors = state.fieldErrors ?? {};
  const chosen = state.values?.username ?? (users.filter((user) => user.status === 'active').length === 1 ? users.find((user) => user.status === 'active')?.username : undefined);

  useEffect(() => {
    if (state.goTo) window.location.assign(state.goTo);
  }, [state.goTo]);

  return (
    <form action={action} onSubmit={submit} noValidate className="form-stack admin-act-form" aria-labelledby="act-start">
      <h2 id="act-start">Act for one of its users</h2>
      <input type="hidden" name="shipTo" value={shipTo} />
      <input type="hidden" name="from" value={from} />
      <fieldset className={`field ${errors.username ? 'field-has-error' : ''}`} aria-describedby={errors.username ? 'act-user-error' : undefined}>
        <legend className="field-label">User</legend>
        {users.map((user) => (
          <label key={user.username} className="admin-act-user">
            <input type="radio" name="username" value={user.username} defaultChecked={user.username === chosen} disabled={user.status !== 'active'} />
            {user.name} &lt;{user.username}&gt;{user.status === 'active' ? '' : ` (${user.status})`}
          </label>
        ))}
        <p id="act-user-error" className="field-error" role="alert">
          {errors.username}
        </p>
      </fieldset>
      <div className={`field ${errors.reason ? 'field-has-error' : ''}`}>
        <label className="field-label" htmlFor="act-reason">
          Reason
        </label>
        <p id="act-reason-help" className="field-help">
          Why you act for them, e.g. &quot;Phoned in the Friday order&quot;: it is kept in the audit log.
        </p>
        <textarea
          id="act-reason"
          name="reason"
          className={`input ${errors.reason ? 'input-error' : ''}`}
          rows={3}
          maxLength={500}
          required
          defaultValue={state.values?.reason}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? 'act-reason-help act-reason-error' : 'act-reason-help'}
        />
        <p id="act-reason-error" className="field-error" role="alert">
          {errors.reason}
        </p>
      </div>
      {state.error ? (
        <p role="alert" className="admin-status-bad">
          {state.error}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={pending || Boolean(state.goTo)} aria-disabled={pending || Boolean(state.goTo)}>
        {pending || state.goTo ? 'Starting…' : 'Start'}
      </button>
      {state.goTo ? (
        <p role="status">
          Started. <a href={state.goTo}>Open the shop</a>
        </p>
      ) : null}
    </form>
  );
}
