'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { loginError } from '@/lib/errors/login-errors';
import { getConfig } from '@/lib/config';
import { safeNextPath } from '@/lib/session/next-target';
import { writeSessionData } from '@/lib/session/session';
import { isShopReady, sessionUserSchema, withAutomaticAccount, type TokenSet } from '@/lib/session/session-data';
import { passwordGrant, revokeTokens } from '@/lib/session/token-endpoint';
import { fieldErrorsOf, signInSchema, type SignInState } from './schema';

const currentUserResponse = sessionUserSchema.extend({ shipTos: z.array(z.unknown()) });

async function fetchCurrentUser(tokens: TokenSet) {
  const response = await fetch(`${getConfig().apiUrl}/occ/v2/b2b/users/current`, {
    headers: { authorization: `Bearer ${tokens.accessToken}`, accept: 'application/json' },
    cache: 'no-store',
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) return undefined;
  const raw = currentUserResponse.safeParse(await response.json());
  if (!raw.success) return undefined;
  // Only the fields the shop uses, and only ranges it knows (unknown ones are ignored, spec §5).
  const user = sessionUserSchema.safeParse({
    ...raw.data,
    shipTos: raw.data.shipTos.map((shipTo) => {
      const value = shipTo as { salesOrgs?: { code?: unknown }[] };
      return { ...value, salesOrgs: (value.salesOrgs ?? []).filter((org) => org.code === 'CHIL' || org.code === 'DAIR') };
    }),
  });
  return user.success ? user.data : undefined;
}

const UNAVAILABLE = { title: 'Temporary network error', description: 'Please try again' };
const TOO_MANY = { title: 'Too many sign-in attempts', description: 'Please wait a minute and try again.' };

/**
 * Sign-in (spec §4): password grant with channel cfi, then the user's details; the tokens go into the encrypted
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
