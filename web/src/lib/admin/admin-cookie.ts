import 'server-only';
import { sealData, unsealData } from 'iron-session';
import { getConfig } from '../config';
import { adminSessionSchema, isLive, type AdminSession } from './admin-session-data';

export const ADMIN_COOKIE = 'mv_admin';
/** An operator token lives a working day (API: OPERATOR_TOKEN_TTL_SECONDS); the cookie no longer. */
const ADMIN_SESSION_TTL_SECONDS = 8 * 3600;

/** Sent only to back-office addresses, never to the shop's pages. */
export function adminCookieAttributes(secure: boolean, maxAge = ADMIN_SESSION_TTL_SECONDS) {
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/admin', maxAge };
}

export function sealAdminSession(session: AdminSession): Promise<string> {
  return sealData(session, { password: getConfig().sessionSecret, ttl: ADMIN_SESSION_TTL_SECONDS });
}

/** A cookie that cannot be opened, has another shape (a customer's), or has expired is no session. */
export async function unsealAdminSession(value: string | undefined): Promise<AdminSession | undefined> {
  if (!value) return undefined;
  try {
    const raw = await unsealData<unknown>(value, { password: getConfig().sessionSecret, ttl: ADMIN_SESSION_TTL_SECONDS });
    const parsed = adminSessionSchema.safeParse(raw);
    return parsed.success && isLive(parsed.data) ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
