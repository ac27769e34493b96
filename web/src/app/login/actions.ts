'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { loginError } from '@/lib/errors/login-errors';
import { fetchCurrentUser } from '@/lib/session/current-user';
import { safeNextPath } from '@/lib/session/next-target';
import { writeSessionData } from '@/lib/session/session';
import { isShopReady, withAutomaticAccount } from '@/lib/session/session-data';
import { passwordGrant, revokeTokens } from '@/lib/session/token-endpoint';
import { fieldErrorsOf, signInSchema, type SignInState } from './schema';

const UNAVAILABLE = { title: 'Temporary network error', description: 'Please try again' };
const TOO_MANY = { title: 'Too many sign-in attempts', description: 'Please wait a minute and try again.' };

/**
 * Sign-in (docs/storefront-requirements.md §4): password grant with channel cfi, then the user's details; the tokens go into the encrypted
 * cookie only. Submitting twice just signs in twice: the last session wins and nothing else changes.
 */
export async function signIn(_previous: SignInState, formData: FormData): Promise<SignInState> {
  const parsed = signInSchema.safeParse({
    username: formData.get('username') ?? '',
    password: formData.get('password') ?? '',
    next: formData.get('next') ?? undefined,
  });
  const username = String(formData.get('username') ?? '');
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), username };

  const outcome = await passwordGrant(parsed.data.username, parsed.data.password, (await headers()).get('x-forwarded-for') ?? undefined);
  if (!outcome.ok) {
    if (outcome.kind === 'unreachable') return { error: UNAVAILABLE, username };
    if (outcome.status === 429) return { error: TOO_MANY, username };
    const { title, description } = loginError(outcome.error, outcome.description);
    return { error: { title, description }, username };
  }
  const user = await fetchCurrentUser(outcome.tokens);
  if (!user) {
    await revokeTokens(outcome.tokens);
    return { error: UNAVAILABLE, username };
  }
  const session = withAutomaticAccount({ tokens: outcome.tokens, user });
  await writeSessionData(session);
  redirect(isShopReady(session) ? safeNextPath(parsed.data.next) : `/account/select/?next=${encodeURIComponent(safeNextPath(parsed.data.next))}`);
}
