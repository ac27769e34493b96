import * as z from 'zod/mini';
import { REGISTRATION_LIMITS as L } from '@/lib/people/registration-limits';

/** "Request an account", checked in the browser and again by the Server Action, with the API's limits. */
export const requestAccountSchema = z.object({
  email: z.string().check(
    z.trim(),
    z.minLength(1, 'Please enter your email address'),
    z.maxLength(L.email, 'That email address is too long'),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address'),
  ),
  name: z.string().check(z.trim(), z.minLength(1, 'Please enter your name'), z.maxLength(L.name, `Use at most ${L.name} characters`)),
  companyName: z.string().check(z.trim(), z.minLength(1, 'Please enter your business name'), z.maxLength(L.companyName, `Use at most ${L.companyName} characters`)),
  phone: z.string().check(
    z.trim(),
    z.minLength(1, 'Please enter a phone number'),
    z.maxLength(L.phone, `Use at most ${L.phone} characters`),
    z.regex(/^\+?[0-9 ()-]{6,}$/, 'Please enter a valid phone number'),
  ),
  postcode: z.string().check(
    z.trim(),
    z.minLength(1, 'Please enter your postcode'),
    z.maxLength(L.postcode, `Use at most ${L.postcode} characters`),
    z.regex(/^[A-Za-z0-9 ]{2,}$/, 'Please enter a valid postcode'),
  ),
  message: z.string().check(z.trim(), z.maxLength(L.message, `Use at most ${L.message} characters`)),
});

export const REQUEST_FIELDS = ['email', 'name', 'companyName', 'phone', 'postcode', 'message'] as const;
export type RequestField = (typeof REQUEST_FIELDS)[number];
export type RequestValues = Record<RequestField, string>;
export type RequestFieldErrors = Partial<Record<RequestField, string>>;

export interface RequestAccountState {
  /** What was typed, so an error never loses it. */
  values?: RequestValues;
  fieldErrors?: RequestFieldErrors;
  error?: { title: string; description: string };
  /** The request went through: the page says to look for the confirmation mail at this address. */
  sentTo?: string;
}

export const valuesOf = (form: FormData): RequestValues =>
  Object.fromEntries(REQUEST_FIELDS.map((field) => [field, String(form.get(field) ?? '')])) as RequestValues;

export function fieldErrorsOf(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): RequestFieldErrors {
  const errors: RequestFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if ((REQUEST_FIELDS as readonly PropertyKey[]).includes(field ?? '') && !errors[field as RequestField]) errors[field as RequestField] = issue.message;
  }
  return errors;
}
