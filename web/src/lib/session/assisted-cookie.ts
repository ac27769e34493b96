import 'server-only';
import { sealData, unsealData } from 'iron-session';
import { getConfig } from '../config';
import { sessionDataSchema, type SessionData } from './session-data';

/**
 * An operator acting for a customer (docs/assisted-service.md "In the shop") has a cookie of its own: whatever
 * shop session the browser had in mv_session stays as it was, and comes back when the acting ends. While this
 * cookie is there, the shop reads the session from it (session.ts, proxy.ts).
 */
export const ASSIST_COOKIE = 'mv_assist';
/** The API's limit on an acting token (8 hours); the cookie's own maxAge is the token's life. */
const ASSIST_TTL_SECONDS = 8 * 3600;

/** An acting session: always a token and the acting facts; never a refresh token. */
const assistedSessionSchema = sessionDataSchema.required({ tokens: true, user: true, assisted: true });
type AssistedSessionData = SessionData & Required<Pick<SessionData, 'tokens' | 'user' | 'assisted'>>;

export function assistCookieAttributes(secure: boolean, expiresAt: number, nowSeconds = Date.now() / 1000) {
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/', maxAge: Math.max(0, Math.floor(expiresAt - nowSeconds)) };
}

export function sealAssisted(data: AssistedSessionData): Promise<string> {
  return sealData(data, { password: getConfig().sessionSecret, ttl: ASSIST_TTL_SECONDS });
}

/** A cookie that cannot be opened or has another shape (a customer's mv_session copied across) is no acting session. */
export async function unsealAssisted(value: string | undefined): Promise<AssistedSessionData | undefined> {
  if (!value) return undefined;
  try {
    const raw = await unsealData<unknown>(value, { password: getConfig().sessionSecret, ttl: ASSIST_TTL_SECONDS });
    const parsed = assistedSessionSchema.safeParse(raw);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const isAssisted = (data: SessionData): data is AssistedSessionData => Boolean(data.assisted && data.tokens && data.user);

/** Its token has run out (the API's 8 hours, or the operator's own sign-in's end): the acting is over. */
export const assistedExpired = (data: AssistedSessionData, nowSeconds = Date.now() / 1000) => data.tokens.expiresAt <= nowSeconds;
