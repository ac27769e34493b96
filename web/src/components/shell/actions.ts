'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { clearCategoryCache } from '@/lib/commerce/categories';
import { afterAccountChosen } from '@/lib/session/next-target';
import { revokeTokens } from '@/lib/session/token-endpoint';
import { clearSessionData, readSessionData, writeSessionData } from '@/lib/session/session';
import { salesOrgSchema } from '@/lib/session/session-data';
import { failed, type ActionState } from '@/lib/forms/action-state';
import { FLASH_COOKIE, type FlashCode } from './flash';

async function flash(code: FlashCode): Promise<void> {
  (await cookies()).set(FLASH_COOKIE, code, { path: '/', sameSite: 'lax', maxAge: 60, httpOnly: false });
}

/** Sign out: revoke the sign-in at the API, forget the session, say so on the sign-in page. */
export async function signOut(): Promise<void> {
  const session = await readSessionData();
  // An operator acting for a customer has no sign-out (End on the acting band ends it): the browser's own shop
  // session underneath is not theirs to end.
  if (session.assisted) redirect('/');
  if (session.tokens) await revokeTokens(session.tokens);
  if (session.user) clearCategoryCache(session.user.username);
  await clearSessionData();
  await flash('logged-out');
  redirect('/login/');
}

const switchInput = z.object({ shipTo: z.coerce.number().int().min(0), salesOrg: z.coerce.number().int().min(0) });

export type SwitchResult = { ok: false; message: string } | undefined;

/**
 * docs/storefront-requirements.md §4 account switch: indexes into the signed-in user's own ship-tos (so a user can only pick what they
 * hold), then the user goes to /, or back to the page that sent them to /account/select/ (an e-mail's link).
 * The API keeps each account's cart, which is how items come back on return.
 */
export async function switchAccount(input: { shipTo: number; salesOrg: number }, next?: string): Promise<SwitchResult> {
  const parsed = switchInput.safeParse(input);
  const session = await readSessionData();
  if (!session.user) redirect('/login/');
  const shipTo = parsed.success ? session.user.shipTos[parsed.data.shipTo] : undefined;
  const salesOrg = parsed.success ? shipTo?.salesOrgs[parsed.data.salesOrg] : undefined;
  if (!shipTo || !salesOrg) return { ok: false, message: 'Please choose an account and a range' };
  await writeSessionData({ ...session, activeShipTo: shipTo.code, activeSoldTo: shipTo.soldTo, activeSalesOrg: salesOrg.code });
  clearCategoryCache(session.user.username);
  redirect(afterAccountChosen(next));
}

const switchToInput = z.object({ shipTo: z.string().min(1).max(20), salesOrg: salesOrgSchema, next: z.string().max(2000).optional() });

/**
 * One click from a page about another of the user's accounts (an order of another ship-to): that account and
 * range become the active ones, then back to the page. Only an account the user holds can be chosen.
 */
export async function switchToAccountAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const parsed = switchToInput.safeParse({ shipTo: form.get('shipTo'), salesOrg: form.get('salesOrg'), next: form.get('next') ?? undefined });
  const session = await readSessionData();
  if (!session.user) redirect('/login/');
  const shipTo = parsed.success ? session.user.shipTos.find((candidate) => candidate.code === parsed.data.shipTo) : undefined;
  if (!parsed.success || !shipTo?.salesOrgs.some((org) => org.code === parsed.data.salesOrg)) return failed('You do not order for this account any more');
  await writeSessionData({ ...session, activeShipTo: shipTo.code, activeSoldTo: shipTo.soldTo, activeSalesOrg: parsed.data.salesOrg });
  clearCategoryCache(session.user.username);
  redirect(afterAccountChosen(parsed.data.next));
}
