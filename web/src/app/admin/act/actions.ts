'use server';

import { z } from 'zod';
import { adminCall } from '@/lib/admin/admin-client';
import { assistedStartSchema, NO_SUCH_CUSTOMER } from '@/lib/admin/assisted-schemas';
import { requireOperator } from '@/lib/admin/admin-session';
import { CUSTOMER_ROLES } from '@/lib/admin/admin-session-data';
import { endAtApi } from '@/lib/session/assisted-end';
import { currentUserAnswer } from '@/lib/session/current-user';
import { writeSessionData } from '@/lib/session/session';
import { isShopReady, limitedToShipTo, withAutomaticAccount, type SessionData } from '@/lib/session/session-data';

export interface StartActingState {
  values?: { username: string; reason: string };
  fieldErrors?: { username?: string; reason?: string };
  error?: string;
  /** Started: the shop page to open, a whole page load (the shop has its own shell). */
  goTo?: string;
}

const REASON = 'Give a reason of 3 to 500 characters: it is kept in the audit log';
const input = z.object({
  shipTo: z.string().min(1).max(20),
  username: z.string().min(1, 'Choose the user to act for').max(254),
  reason: z.string().trim().min(3, REASON).max(500, REASON),
  from: z.string().max(20),
});

/**
 * Start acting for a customer (docs/assisted-service.md): the API checks the operator may serve the ship-to and
 * that the user holds it, audits the start and answers a customer token for that user without a refresh token.
 * The shop session it makes lives in its own cookie (lib/session/assisted-cookie.ts), limited to that ship-to.
 */
export async function startActingAction(_state: StartActingState, formData: FormData): Promise<StartActingState> {
  await requireOperator(CUSTOMER_ROLES);
  const raw = {
    shipTo: String(formData.get('shipTo') ?? ''),
    username: String(formData.get('username') ?? ''),
    reason: String(formData.get('reason') ?? ''),
    from: String(formData.get('from') ?? ''),
  };
  const values = { username: raw.username, reason: raw.reason };
  const parsed = input.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: NonNullable<StartActingState['fieldErrors']> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'username' || field === 'reason') && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
    return Object.keys(fieldErrors).length > 0 ? { values, fieldErrors } : { values, error: NO_SUCH_CUSTOMER };
  }
  const { shipTo, username, reason, from } = parsed.data;
  const started = await adminCall(assistedStartSchema, '/assistedsessions', { method: 'POST', body: { username, shipTo, reason } });
  if (!started.ok) {
    const { status, subject, description } = started.error;
    if (status === 404) return { values, error: NO_SUCH_CUSTOMER };
    if (status === 409) return { values, fieldErrors: { username: 'This user is disabled: they cannot be acted for' } };
    if (subject === 'reason') return { values, fieldErrors: { reason: REASON } };
    return { values, error: description };
  }
  const answer = started.data;
  const lifetime = answer.expires_in;
  const tokens = { accessToken: answer.access_token, refreshToken: '', expiresAt: Math.floor(Date.now() / 1000) + lifetime, lifetime };
  const user = await currentUserAnswer(tokens, 10_000);
  if (!user || user === 'invalidToken') {
    await endAtApi(tokens.accessToken);
    return { values, error: 'The shop could not be reached: nothing was started. Please try again' };
  }
  const session: SessionData = withAutomaticAccount({
    tokens,
    user: limitedToShipTo(user, answer.shipTo.code),
    assisted: {
      id: answer.id,
      operatorName: answer.operator.name,
      userName: answer.user.name,
      shipTo: answer.shipTo.code,
      shipToName: answer.shipTo.name,
      returnTo: from === 'calls' ? '/admin/calls/' : '/admin/customers/',
    },
  });
  await writeSessionData(session);
  return { goTo: isShopReady(session) ? '/' : '/account/select/' };
}
