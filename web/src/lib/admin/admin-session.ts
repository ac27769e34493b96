import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { currentPath, servedOverHttps } from '../session/request-context';
import { ADMIN_COOKIE, adminCookieAttributes, sealAdminSession, unsealAdminSession } from './admin-cookie';
import type { AdminSession, OperatorRole, SessionOperator } from './admin-session-data';

/** The whole admin cookie, token included. Only lib/admin may use it. */
export const readAdminSession = cache(async (): Promise<AdminSession | undefined> => {
  const store = await cookies();
  return unsealAdminSession(store.get(ADMIN_COOKIE)?.value);
});

export async function writeAdminSession(session: AdminSession): Promise<void> {
  const store = await cookies();
  store.set(ADMIN_COOKIE, await sealAdminSession(session), adminCookieAttributes(await servedOverHttps()));
}

export async function clearAdminSession(): Promise<void> {
  const store = await cookies();
  store.set(ADMIN_COOKIE, '', adminCookieAttributes(await servedOverHttps(), 0));
}

export function adminLoginAddress(next?: string, expired = false): string {
  const query = new URLSearchParams();
  if (next && next !== '/admin/') query.set('next', next);
  if (expired) query.set('expired', '1');
  const text = query.toString();
  return `/admin/login/${text ? `?${text}` : ''}`;
}

/**
 * Back-office pages: the signed-in operator (never the token), else the sign-in page. A customer's session
 * never counts: it lives in another cookie with another shape. `roles` narrows a page to some roles.
 */
export async function requireOperator(roles?: readonly OperatorRole[]): Promise<SessionOperator> {
  const session = await readAdminSession();
  if (!session) redirect(adminLoginAddress(await currentPath()));
  if (roles && !roles.includes(session.operator.role)) redirect('/admin/?forbidden=1');
  return session.operator;
}
