'use server';

import { headers } from 'next/headers';
import { confirmAccountRequest } from '@/lib/people/registrations';

export interface ConfirmState {
  confirmed?: boolean;
  error?: { title: string; description: string };
}

/** The button on the page the confirmation mail links to; the link itself changes nothing (mail scanners open links). */
export async function confirmAddress(_previous: ConfirmState, formData: FormData): Promise<ConfirmState> {
  const token = String(formData.get('token') ?? '');
  const result = await confirmAccountRequest(token, (await headers()).get('x-forwarded-for') ?? undefined);
  if (result.ok) return { confirmed: true };
  if (result.error.subject === 'token') return { error: { title: 'This link no longer works', description: result.error.description } };
  return { error: { title: result.error.title, description: result.error.description } };
}
