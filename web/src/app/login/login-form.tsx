'use client';

import { useActionState, useRef, useState } from 'react';
import { TextInput } from '@/components/forms/text-input';
import { signIn } from './actions';
import { fieldErrorsOf, signInSchema, type SignInFieldErrors, type SignInState } from './schema';

/** The sign-in form: checked in the browser with the same schema the server uses, and usable without script. */
export function LoginForm({ next }: { next: string }) {
  const [state, action, pending] = useActionState<SignInState, FormData>(signIn, {});
  const [clientErrors, setClientErrors] = useState<SignInFieldErrors>({});
  const [touched, setTouched] = useState({ username: false, password: false });
  const form = useRef<HTMLFormElement>(null);
  const errors = { ...state.fieldErrors, ...clientErrors };

  const validate = () => {
    if (!form.current) return true;
    const data = new FormData(form.current);
    const result = signInSchema.safeParse({ username: data.get('username') ?? '', password: data.get('password') ?? '' });
    setClientErrors(result.success ? {} : fieldErrorsOf(result.error));
    return result.success;
  };

  return (
    <form
      ref={form}
      action={action}
      noValidate
      className="form-stack"
      onSubmit={(event) => {
        setTouched({ username: true, password: true });
        if (!validate() || pending) event.preventDefault();
      }}
    >
      {state.error ? (
        <div className="form-error" role="alert" data-testid="login-error">
          <p className="form-error-title">{state.error.title}</p>
          <p>{state.error.description}</p>
        </div>
      ) : null}
      <input type="hidden" name="next" value={next} />
      <TextInput
        name="username"
        label="Email address"
        type="email"
        autoComplete="username"
        defaultValue={state.username}
        required
        error={errors.username}
        touched={touched.username || Boolean(state.fieldErrors?.username)}
        onBlur={() => {
          setTouched((value) => ({ ...value, username: true }));
          validate();
        }}
      />
      <TextInput
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password}
        touched={touched.password || Boolean(state.fieldErrors?.password)}
        onBlur={() => {
          setTouched((value) => ({ ...value, password: true }));
          validate();
        }}
      />
      <button type="submit" className="button button-primary" disabled={pending} aria-disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
