'use client';

import Link from 'next/link';
import { useFormAction } from '@/components/shell/use-server-action';
import { confirmAddress, type ConfirmState } from './actions';

/** One button: the request is confirmed only when the person presses it. */
export function ConfirmForm({ token }: { token: string }) {
  const { state, action, pending, submit } = useFormAction<ConfirmState>(confirmAddress, {});
  if (state.confirmed) {
    return (
      <div role="status" data-testid="request-confirmed">
        <p>Thank you: your address is confirmed. We will look at your request and email you when we have decided.</p>
        <p>
          <Link href="/login/">Back to sign in</Link>
        </p>
      </div>
    );
  }
  return (
    <form action={action} onSubmit={submit} className="form-stack">
      {state.error ? (
        <div className="form-error" role="alert">
          <p className="form-error-title">{state.error.title}</p>
          <p>{state.error.description}</p>
          <p>
            <Link href="/login/request-account/">Request an account</Link> again to get a new link.
          </p>
        </div>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <button type="submit" className="button button-primary" disabled={pending} aria-disabled={pending}>
        {pending ? 'Confirming…' : 'Confirm my address'}
      </button>
    </form>
  );
}
