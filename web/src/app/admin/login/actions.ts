'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { writeAdminSession } from '@/lib/admin/admin-session';
import { safeAdminNext } from '@/lib/session/next-target';
import { signInOperator } from '@/lib/admin/operator-auth';

const signInSchema = z.object({
  email: z.string().trim().min(1, 'Enter your e-mail address').max(254, 'At most 254 characters').email('Enter a valid e-mail address'),
  password: z.string().min(1, 'Enter your password').max(1024, 'At most 1024 characters'),
  next: z.string().optional(),
});

export interface OperatorSignInState {
  email?: string;
  fieldErrors?: { email?: string; password?: string };
  error?: string;
}

/** Operator sign-in: the token goes into the back office's own encrypted cookie, never to the page. */
export async function signInOperatorAction(_previous: OperatorSignInState, formData: FormData): Promise<OperatorSignInState> {
  const email = String(formData.get('email') ?? '');
  const parsed = signInSchema.safeParse({ email, password: formData.get('password') ?? '', next: formData.get('next') ?? undefined });
  if (!parsed.success) {
    const fieldErrors: OperatorSignInState['fieldErrors'] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'email' || field === 'password') && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
    return { email, fieldErrors };
  }
  const outcome = await signInOperator(parsed.data.email, parsed.data.password, (await headers()).get('x-forwarded-for') ?? undefined);
  if (!outcome.ok) {
    if (outcome.kind === 'tooMany') return { email, error: 'Too many sign-in attempts. Please wait a minute and try again.' };
    if (outcome.kind === 'unreachable') return { email, error: 'Temporary network error. Please try again.' };
    return { email, error: outcome.message };
  }
  await writeAdminSession(outcome.session);
  redirect(safeAdminNext(parsed.data.next));
}
