'use client';

import { TextInput } from '@/components/forms/text-input';
import { useFormAction } from '@/components/shell/use-server-action';
import { inviteOperatorAction, type InviteOperatorState } from './actions';

const NOTHING_YET: InviteOperatorState = {};

/**
 * Invite an operator: e-mail, name and role. Checked on the server (a plain form: it works before scripts
 * load); a refusal shows beside its field and keeps what was typed; a sent invitation empties the form.
 */
export function InviteOperatorForm() {
  const { state, action, pending, submit } = useFormAction(inviteOperatorAction, NOTHING_YET);
  const errors = state.fieldErrors ?? {};
  // A new key after each invitation sent gives empty fields for the next one; a refusal keeps the key and the text.
  const formKey = state.message ?? 'form';
  return (
    <form key={formKey} action={action} onSubmit={submit} noValidate className="form-stack admin-invite-form" aria-labelledby="invite-operator">
      <h2 id="invite-operator">Invite an operator</h2>
      <p className="admin-muted">They get an e-mail with a link to choose their password; it works once, for 7 days.</p>
      <TextInput name="email" label="Email address" type="email" autoComplete="off" defaultValue={state.values?.email} required error={errors.email} touched={Boolean(errors.email)} />
      <TextInput name="name" label="Name" defaultValue={state.values?.name} required error={errors.name} touched={Boolean(errors.name)} />
      <div className={`field ${errors.role ? 'field-has-error' : ''}`}>
        <label className="field-label" htmlFor="invite-role">
          Role
        </label>
        <select
          id="invite-role"
          name="role"
          className="input"
          defaultValue={state.values?.role ?? 'customerService'}
          aria-invalid={errors.role ? true : undefined}
          aria-describedby={errors.role ? 'invite-role-error' : 'invite-role-help'}
        >
          <option value="customerService">customer service: every customer and order</option>
          <option value="sales">sales: the customers assigned to them</option>
          <option value="admin">admin: everything, operators included</option>
        </select>
        <p id="invite-role-help" className="field-help">
          Only admins change the catalogue and prices and invite operators.
        </p>
        <p id="invite-role-error" className="field-error" role="alert">
          {errors.role}
        </p>
      </div>
      {state.error ? (
        <p role="alert" className="admin-status-bad">
          {state.error}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={pending} aria-disabled={pending}>
        {pending ? 'Sending invitation…' : 'Send invitation'}
      </button>
      <p role="status" className="admin-status-ok">
        {state.message}
      </p>
    </form>
  );
}
