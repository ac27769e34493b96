'use client';

import Link from 'next/link';
import { useState } from 'react';
import { FieldFrame } from '@/components/forms/field-frame';
import { TextInput } from '@/components/forms/text-input';
import { useFormAction } from '@/components/shell/use-server-action';
import { REGISTRATION_LIMITS } from '@/lib/people/registration-limits';
import { sendAccountRequest } from './actions';
import { fieldErrorsOf, requestAccountSchema, valuesOf, type RequestAccountState, type RequestField, type RequestFieldErrors } from './schema';

const FIELDS: { name: Exclude<RequestField, 'message'>; label: string; type?: string; autoComplete: string }[] = [
  { name: 'name', label: 'Your name', autoComplete: 'name' },
  { name: 'email', label: 'Email address', type: 'email', autoComplete: 'email' },
  { name: 'companyName', label: 'Business name', autoComplete: 'organization' },
  { name: 'phone', label: 'Phone number', type: 'tel', autoComplete: 'tel' },
  { name: 'postcode', label: 'Postcode', autoComplete: 'postal-code' },
];

/** "Request an account": checked in the browser with the server's schema; works without script too. */
export function RequestAccountForm() {
  const { state, action, pending, run } = useFormAction<RequestAccountState>(sendAccountRequest, {});
  const [clientErrors, setClientErrors] = useState<RequestFieldErrors>({});
  const [touched, setTouched] = useState<Partial<Record<RequestField, boolean>>>({});
  const errors = { ...state.fieldErrors, ...clientErrors };

  const check = (form: HTMLFormElement | null, field?: RequestField) => {
    if (!form) return true;
    const result = requestAccountSchema.safeParse(valuesOf(new FormData(form)));
    const found = result.success ? {} : fieldErrorsOf(result.error);
    setClientErrors(field ? (current) => ({ ...current, [field]: found[field] }) : found);
    return result.success;
  };

  if (state.sentTo) {
    return (
      <div role="status" data-testid="request-sent">
        <h2>Check your email</h2>
        <p>
          We have sent a link to <strong>{state.sentTo}</strong>. Open it within 24 hours to confirm your address; we will then look at your
          request and email you.
        </p>
        <p>
          <Link href="/login/">Back to sign in</Link>
        </p>
      </div>
    );
  }

  return (
    <form
      action={action}
      noValidate
      className="form-stack"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched({ name: true, email: true, companyName: true, phone: true, postcode: true, message: true });
        if (pending || !check(event.currentTarget)) return;
        // Not reset afterwards: a refused request keeps everything as typed.
        run(new FormData(event.currentTarget));
      }}
    >
      {state.error ? (
        <div className="form-error" role="alert">
          <p className="form-error-title">{state.error.title}</p>
          <p>{state.error.description}</p>
        </div>
      ) : null}
      {FIELDS.map((field) => (
        <TextInput
          key={field.name}
          name={field.name}
          label={field.label}
          type={field.type}
          autoComplete={field.autoComplete}
          maxLength={REGISTRATION_LIMITS[field.name]}
          defaultValue={state.values?.[field.name]}
          required
          error={errors[field.name]}
          touched={Boolean(touched[field.name] || state.fieldErrors?.[field.name])}
          onBlur={(event) => {
            setTouched((value) => ({ ...value, [field.name]: true }));
            check(event.currentTarget.form, field.name);
          }}
        />
      ))}
      <FieldFrame id="request-message" label="Anything we should know (optional)" size="full" error={touched.message || state.fieldErrors?.message ? errors.message : undefined}>
        <textarea
          id="request-message"
          name="message"
          className="input"
          rows={4}
          maxLength={REGISTRATION_LIMITS.message}
          defaultValue={state.values?.message}
          aria-describedby="request-message-error"
        />
      </FieldFrame>
      <button type="submit" className="button button-primary" disabled={pending} aria-disabled={pending}>
        {pending ? 'Sending…' : 'Request an account'}
      </button>
    </form>
  );
}
