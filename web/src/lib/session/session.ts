import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { ASSIST_COOKIE, assistCookieAttributes, isAssisted, sealAssisted, unsealAssisted } from './assisted-cookie';
import { SESSION_COOKIE, sealSession, sessionCookieAttributes, unsealSession } from './cookie';
import { currentPath, servedOverHttps } from './request-context';
import { isShopReady, withAutomaticAccount, type Session, type SessionData, type ShopSession } from './session-data';

/**
 * The whole cookie content, tokens included. Only lib/api and lib/session may use it. An operator acting for a
 * customer (assisted-cookie.ts) is read from the acting session's own cookie, the browser's shop session left aside.
 */
export const readSessionData = cache(async (): Promise<SessionData> => {
  const store = await cookies();
  const assisted = await unsealAssisted(store.get(ASSIST_COOKIE)?.value);
  return withAutomaticAccount(assisted ?? (await unsealSession(store.get(SESSION_COOKIE)?.value)));
});

/** The session as pages see it: user and active account, never a token. */
export async function getSession(): Promise<Session> {
  const { tokens: _tokens, ...session } = await readSessionData();
  return session;
}

/**
 * Writes the cookie. Only Server Actions and Route Handlers may set cookies; during a page render this returns
 * false and the proxy persists refreshed tokens on the next request (see refresh.ts).
 */
export async function writeSessionData(data: SessionData): Promise<boolean> {
  try {
    const store = await cookies();
    if (isAssisted(data)) store.set(ASSIST_COOKIE, await sealAssisted(data), assistCookieAttributes(await servedOverHttps(), data.tokens.expiresAt));
    else store.set(SESSION_COOKIE, await sealSession(data), sessionCookieAttributes(await servedOverHttps()));
    return true;
  } catch {
    return false;
  }
}

export async function clearSessionData(): Promise<boolean> {
  try {
    const store = await cookies();
    store.set(SESSION_COOKIE, '', { ...sessionCookieAttributes(await servedOverHttps()), maxAge: 0 });
    return true;
  } catch {
    return false;
  }
}

/** Ends acting for a customer in this browser: its cookie goes, the shop session underneath is as it was. */
export async function clearAssistedSession(): Promise<void> {
  const store = await cookies();
  store.set(ASSIST_COOKIE, '', { ...assistCookieAttributes(await servedOverHttps(), 0), maxAge: 0 });
}

export function loginAddress(next: string): string {
  return `/login/?next=${encodeURIComponent(next)}`;
}

/** User-only pages: anonymous visitors go to /login/ and come back here afterwards. */
export async function requireUser(): Promise<Session & { user: NonNullable<Session['user']> }> {
  const session = await getSession();
  if (!session.user) redirect(loginAddress(await currentPath()));
  return { ...session, user: session.user };
}

/** Shop pages: signed in and an active ship-to and range, else /login/ or /account/select/. */
export async function requireShopSession(): Promise<ShopSession> {
  const session = await requireUser();
  if (!isShopReady(session) || !session.activeShipTo || !session.activeSoldTo || !session.activeSalesOrg) {
    redirect(`/account/select/?next=${encodeURIComponent(await currentPath())}`);
  }
  return {
    user: session.user,
    activeShipTo: session.activeShipTo,
    activeSoldTo: session.activeSoldTo,
    activeSalesOrg: session.activeSalesOrg,
  };
}

/** Anonymous-only pages (sign-in): a fully set-up user has nothing to do here. */
export async function redirectReadyUser(): Promise<void> {
  if (isShopReady(await readSessionData())) redirect('/');
}
