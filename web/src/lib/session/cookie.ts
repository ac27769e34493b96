import 'server-only';
import { sealData, unsealData } from 'iron-session';
import { getConfig } from '../config';
import { sessionDataSchema, type SessionData } from './session-data';

export const SESSION_COOKIE = 'mv_session';
/** As long as a refresh token lives (API default 30 days); iron's own expiry matches. */
const SESSION_TTL_SECONDS = 30 * 24 * 3600;

export interface CookieAttributes {
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
  path: '/';
  maxAge: number;
}

export function sessionCookieAttributes(secure: boolean): CookieAttributes {
  return { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: SESSION_TTL_SECONDS - 60 };
}

export async function sealSession(data: SessionData): Promise<string> {
  return sealData(data, { password: getConfig().sessionSecret, ttl: SESSION_TTL_SECONDS });
}

/** A cookie that cannot be opened (tampered, old key, old shape) is an empty session, not an error. */
export async function unsealSession(value: string | undefined): Promise<SessionData> {
  if (!value) return {};
  try {
    const raw = await unsealData<unknown>(value, { password: getConfig().sessionSecret, ttl: SESSION_TTL_SECONDS });
    const parsed = sessionDataSchema.safeParse(raw);
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
