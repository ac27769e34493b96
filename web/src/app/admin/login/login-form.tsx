'use client';

import { useActionState } from 'react';
import { TextInput } from '@/components/forms/text-input';
import { signInOperatorAction, type OperatorSignInState } from './actions';

/** A plain form checked on the server: it works before any script has loaded. */
export function OperatorLoginForm({ next }: { next: string }) {
  const [state, action, pending] = useActionState<OperatorSignInState, FormData>(signInOperatorAction, {});
  return (
    <form action={action} noValidate className="form-stack">
      {state.error ? (
        <div className="form-error" role="alert" data-testid="admin-login-error">
          <p className="form-error-title">{state.error}</p>
        </div>
      ) : null}
      <input type="hidden" name="next" value={next} />
      <TextInput
        name="email"
        label="Email address"
        type="email"
        autoComplete="username"
        defaultValue={state.email}
        required
        error={state.fieldErrors?.email}
        touched={Boolean(state.fieldErrors?.email)}
      />
      <TextInput
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={state.fieldErrors?.password}
        touched={Boolean(state.fieldErrors?.password)}
      />
      <button type="submit" className="button button-primary" disabled={pending} aria-disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
