'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { changeUserAction, inviteUserAction } from '@/app/account/company/users/actions';
import { EMPTY_USER, USER_FORM_IDLE, userFormErrors, type UserField, type UserFormValues } from '@/lib/commerce/user-form-schema';
import { TextInput } from '@/components/forms/text-input';
import { useFormAction } from '@/components/shell/use-server-action';
import cartStyles from '@/components/cart/cart.module.css';
import styles from './company.module.css';

export interface GivableScope {
  soldTos: { code: string; name: string; roles: string[] }[];
  shipTos: { code: string; name: string; soldTo: string }[];
}

type Purpose = { kind: 'invite' } | { kind: 'edit'; uid: string; initial: UserFormValues };

const ROLE_NAMES: Record<string, string> = { approver: 'Approver: decides on orders held for approval', admin: 'Admin: manages users and limits' };

/** Invite a user, or change one: accounts (ship-tos), roles per sold-to, and their own order limit. */
export function UserForm({ scope, purpose }: { scope: GivableScope; purpose: Purpose }) {
  const inviting = purpose.kind === 'invite';
  const { state, action, pending, submit } = useFormAction(inviting ? inviteUserAction : changeUserAction, USER_FORM_IDLE);
  // A refusal posted without script comes back with what was typed, as it does with script.
  const [values, setValues] = useState<UserFormValues>(() => (state.status === 'error' ? state.values : purpose.kind === 'edit' ? purpose.initial : EMPTY_USER));
  const [checked, setChecked] = useState<Partial<Record<UserField, string>> | null>(null);
  const errors = checked ?? (state.status === 'error' ? state.errors : {});
  const status = useRef<HTMLParagraphElement>(null);
  const doneAt = state.status === 'done' ? state.at : 0;

  useEffect(() => {
    if (doneAt === 0) return;
    setValues(EMPTY_USER);
    status.current?.focus();
  }, [doneAt]);

  const toggle = (list: string[], value: string, on: boolean) => (on ? [...list, value] : list.filter((item) => item !== value));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const refusal = userFormErrors(values, inviting);
    if (Object.keys(refusal).length > 0) {
      event.preventDefault();
      setChecked(refusal);
      return;
    }
    setChecked(null);
    submit(event);
  };
  const titleId = inviting ? 'invite-title' : 'edit-title';

  return (
    <form action={action} onSubmit={onSubmit} className={cartStyles.checkout} aria-labelledby={titleId} noValidate>
      <h2 id={titleId}>{inviting ? 'Invite a user' : 'Accounts, roles and order limit'}</h2>
      {state.status === 'done' ? (
        <p ref={status} tabIndex={-1} role="status" className={styles.done}>
          {state.message}
        </p>
      ) : null}
      {purpose.kind === 'edit' ? <input type="hidden" name="uid" value={purpose.uid} /> : null}
      {inviting ? (
        <>
          <TextInput name="name" label="Name" size="medium" maxLength={80} autoComplete="off" value={values.name} onChange={(event) => setValues({ ...values, name: event.target.value })} error={errors.name} touched />
          <TextInput
            name="email"
            label="E-mail address"
            type="email"
            size="medium"
            maxLength={254}
            value={values.email}
            onChange={(event) => setValues({ ...values, email: event.target.value })}
            help="The invitation goes to this address; it is also the user's sign-in name."
            error={errors.email}
            touched
          />
        </>
      ) : null}
      <fieldset className={styles.choices} aria-describedby="shipTos-error">
        <legend>Accounts they order for</legend>
        <ul>
          {scope.shipTos.map((shipTo) => (
            <li key={shipTo.code}>
              <input
                id={`shipTo-${shipTo.code}`}
                type="checkbox"
                name="shipTos"
                value={shipTo.code}
                checked={values.shipTos.includes(shipTo.code)}
                onChange={(event) => setValues({ ...values, shipTos: toggle(values.shipTos, shipTo.code, event.target.checked) })}
                aria-invalid={errors.shipTos ? true : undefined}
              />
              <label htmlFor={`shipTo-${shipTo.code}`}>
                {shipTo.name} <span className={styles.code}>{shipTo.code}</span>
              </label>
            </li>
          ))}
        </ul>
        <p id="shipTos-error" className="field-error" role="alert">
          {errors.shipTos}
        </p>
      </fieldset>
      <fieldset className={styles.choices} aria-describedby="roles-hint roles-error">
        <legend>Roles</legend>
        <p id="roles-hint" className={cartStyles.hint}>
          Every user can order for their accounts. You can give only the roles you hold yourself.
        </p>
        {scope.soldTos.map((soldTo) => (
          <div key={soldTo.code}>
            <input type="hidden" name="soldTos" value={soldTo.code} />
            {scope.soldTos.length > 1 ? <p className={styles.soldTo}>{soldTo.name}</p> : null}
            <ul>
              {(['approver', 'admin'] as const).map((role) => {
                const id = `role-${soldTo.code}-${role}`;
                const had = purpose.kind === 'edit' && (purpose.initial.roles[soldTo.code] ?? []).includes(role);
                const chosen = (values.roles[soldTo.code] ?? []).includes(role);
                return (
                  <li key={role}>
                    <input
                      id={id}
                      type="checkbox"
                      name={`role:${soldTo.code}`}
                      value={role}
                      checked={chosen}
                      disabled={!soldTo.roles.includes(role) && !had}
                      onChange={(event) => setValues({ ...values, roles: { ...values.roles, [soldTo.code]: toggle(values.roles[soldTo.code] ?? [], role, event.target.checked) } })}
                    />
                    <label htmlFor={id}>{ROLE_NAMES[role]}</label>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
        <p id="roles-error" className="field-error" role="alert">
          {errors.roles}
        </p>
      </fieldset>
      <TextInput
        name="orderLimit"
        label="Order limit in £ (optional)"
        type="number"
        size="narrow"
        value={values.orderLimit}
        onChange={(event) => setValues({ ...values, orderLimit: event.target.value })}
        help="Their orders over this amount (net of VAT) wait for an approver. Leave empty for no limit of their own."
        error={errors.orderLimit}
        touched
      />
      {errors.form ? (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <button type="submit" className={cartStyles.primary} disabled={pending}>
        {inviting ? (pending ? 'Sending invitation…' : 'Send invitation') : pending ? 'Saving…' : 'Save changes'}
      </button>
    </form>
  );
}
