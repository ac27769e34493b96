'use client';

import { TextInput } from '@/components/forms/text-input';
import { useFormAction } from '@/components/shell/use-server-action';
import type { PasswordFormState } from '@/lib/passwords/password-schemas';

type Action = (previous: PasswordFormState, form: FormData) => Promise<PasswordFormState>;

function FormError({ message, children }: { message?: string; children?: React.ReactNode }) {
  if (!message) return null;
  return (
    <div className="form-error" role="alert" data-testid="password-error">
      <p className="form-error-title">{message}</p>
      {children}
    </div>
  );
}

const PASSWORD_HELP = 'At least 12 characters. A few unrelated words are easy to remember and hard to guess.';

/** "Forgot your password?": one field; the answer is the same for every address. Works without script. */
export function ForgotPasswordForm({ action: serverAction, signInHref }: { action: Action; signInHref: string }) {
  const { state, action, pending, submit } = useFormAction<PasswordFormState>(serverAction, {});
  if (state.done) {
    return (
      <div role="status" data-testid="forgot-done">
        <p>
          If <strong>{state.email}</strong> has an account, we have sent it a link to choose a new password. The link works once, for 60
          minutes.
        </p>
        <p>
          <a href={signInHref}>Back to sign in</a>
        </p>
      </div>
    );
  }
  return (
    <form action={action} onSubmit={submit} noValidate className="form-stack">
      <FormError message={state.error} />
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
      <button type="submit" className="button button-primary" disabled={pending} aria-disabled={pending}>
        {pending ? 'Sending…' : 'Send the link'}
      </button>
      <p>
        <a href={signInHref}>Back to sign in</a>
      </p>
    </form>
  );
}

/** The new password for a reset or invitation link; the token travels in a hidden field. */
export function ResetPasswordForm({ action: serverAction, token, email, forgotHref }: { action: Action; token: string; email?: string; forgotHref: string }) {
  const { state, action, pending, submit } = useFormAction<PasswordFormState>(serverAction, {});
  return (
    <form action={action} onSubmit={submit} noValidate className="form-stack">
      <FormError message={state.error}>
        {state.error === 'This link is invalid or has expired' ? (
          <p>
            <a href={forgotHref}>Ask for a new link</a>
          </p>
        ) : null}
      </FormError>
      <input type="hidden" name="token" value={token} />
      {email ? (
        // Tells a password manager whose password this is; and sign-in comes filled in with it afterwards.
        <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
      ) : null}
      <TextInput
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        help={PASSWORD_HELP}
        required
        error={state.fieldErrors?.newPassword}
        touched={Boolean(state.fieldErrors?.newPassword)}
      />
      <button type="submit" className="button button-primary" disabled={pending} aria-disabled={pending}>
        {pending ? 'Saving…' : 'Save password'}
      </button>
    </form>
  );
}

/** A signed-in customer's change: the current password, then the new one. */
export function ChangePasswordForm({ action: serverAction }: { action: Action }) {
  const { state, action, pending, submit } = useFormAction<PasswordFormState>(serverAction, {});
  return (
    <form action={action} onSubmit={submit} noValidate className="form-stack">
      {state.done ? (
        <p role="status" data-testid="password-changed">
          Your password has been changed. You stay signed in here; other devices have been signed out.
        </p>
      ) : null}
      <FormError message={state.error} />
      <TextInput
        name="old"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        error={state.fieldErrors?.old}
        touched={Boolean(state.fieldErrors?.old)}
      />
      <TextInput
        name="new"
        label="New password"
        type="password"
        autoComplete="new-password"
        help={PASSWORD_HELP}
        required
        error={state.fieldErrors?.new}
        touched={Boolean(state.fieldErrors?.new)}
      />
      <button type="submit" className="button button-primary" disabled={pending} aria-disabled={pending}>
        {pending ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
}
