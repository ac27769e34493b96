'use client';

import { useRef, useState } from 'react';
import { TextInput } from '@/components/forms/text-input';
import { useFormAction } from '@/components/shell/use-server-action';
import { signIn } from './actions';
import type { SignInFieldErrors, SignInState } from './schema';

/**
 * The schema (with zod, 16 KB compressed) loads once the customer starts on the form rather than with the page,
 * which keeps the sign-in page within the first-load script budget.
 */
let schemaModule: Promise<typeof import('./schema')> | undefined;
const loadSchema = () => (schemaModule ??= import('./schema'));

/** The sign-in form: checked in the browser with the same schema the server uses, and usable without script. */
export function LoginForm({ next, username }: { next: string; username?: string }) {
  // A connection that drops is the docs/storefront-requirements.md §8 toast; the form keeps what was typed for the next try.
  // `username`: the address a password was just set for (the set-password page sends it).
  const { state, action, pending, run } = useFormAction<SignInState>(signIn, { username });
  const [clientErrors, setClientErrors] = useState<SignInFieldErrors>({});
  const [touched, setTouched] = useState({ username: false, password: false });
  const form = useRef<HTMLFormElement>(null);
  // The check is asynchronous (the schema may still be loading): one submission at a time waits for it.
  const checking = useRef(false);
  const errors = { ...state.fieldErrors, ...clientErrors };

  const validate = async (data: FormData) => {
    const schema = await loadSchema().catch(() => undefined);
    // Without the schema (it failed to load) the form goes to the server, which checks the same schema.
    if (!schema) return true;
    const { fieldErrorsOf, signInSchema } = schema;
    const result = signInSchema.safeParse({ username: data.get('username') ?? '', password: data.get('password') ?? '' });
    setClientErrors(result.success ? {} : fieldErrorsOf(result.error));
    return result.success;
  };
  const validateForm = () => {
    if (form.current) void validate(new FormData(form.current));
  };

  return (
    <form
      ref={form}
      action={action}
      noValidate
      className="form-stack"
      onFocus={() => void loadSchema()}
      onSubmit={(event) => {
        event.preventDefault();
        setTouched({ username: true, password: true });
        if (pending || checking.current) return;
        checking.current = true;
        const data = new FormData(event.currentTarget);
        void validate(data).then((valid) => {
          checking.current = false;
          if (!valid) return;
          // Not reset afterwards (as React would): a refused sign-in keeps the address and password as typed.
          run(data);
        });
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
          validateForm();
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
          validateForm();
        }}
      />
      <button type="submit" className="button button-primary" disabled={pending} aria-disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
