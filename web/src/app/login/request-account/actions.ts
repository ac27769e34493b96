'use server';

import { headers } from 'next/headers';
import { requestAccount } from '@/lib/people/registrations';
import { fieldErrorsOf, REQUEST_FIELDS, requestAccountSchema, valuesOf, type RequestAccountState, type RequestField } from './schema';

const UNAVAILABLE = { title: 'Temporary network error', description: 'Please try again' };
const TOO_MANY = { title: 'Too many requests', description: 'Please wait a while and try again.' };

/** Sends "Request an account"; the API answers alike for every address, so the page does too. */
export async function sendAccountRequest(_previous: RequestAccountState, formData: FormData): Promise<RequestAccountState> {
  const values = valuesOf(formData);
  const parsed = requestAccountSchema.safeParse(values);
  if (!parsed.success) return { values, fieldErrors: fieldErrorsOf(parsed.error) };
  const result = await requestAccount(parsed.data, (await headers()).get('x-forwarded-for') ?? undefined);
  if (result.ok) return { sentTo: parsed.data.email };
  if (result.error.status === 429) return { values, error: TOO_MANY };
  const field = result.error.subject;
  if (result.error.status === 400 && (REQUEST_FIELDS as readonly string[]).includes(field ?? '')) {
    return { values, fieldErrors: { [field as RequestField]: result.error.description } };
  }
  return { values, error: result.error.status ? { title: result.error.title, description: result.error.description } : UNAVAILABLE };
}
