import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import type { z } from 'zod';
import type { ApiResult, AppError } from '../errors/app-error';
import { clientCredentialFailure, failedToFetch, type OccErrorBody } from '../errors/catalogue';
import { clientToken, invalidateClientToken } from '../session/client-token';
import { ASSIST_COOKIE, assistedExpired, isAssisted } from '../session/assisted-cookie';
import { SESSION_COOKIE } from '../session/cookie';
import { assistedEndedAddress, sessionExpiredAddress } from '../session/expiry-proof';
import { refreshTokens } from '../session/refresh';
import { currentPath } from '../session/request-context';
import { readSessionData, writeSessionData } from '../session/session';
import { needsRefresh, type TokenSet } from '../session/session-data';
import { answerOf, errorBodyOf, readBody, refusalOf, send, type Exchange } from './transport';

/**
 * The storefront's one server-side API client: paths are relative to /occ/v2/b2b, every answer is
 * checked against the schema the caller gives, every failure comes back as an AppError from the catalogue,
 * and tokens never leave the server.
 */
export const API_BASE_PATH = '/occ/v2/b2b';

export interface ApiRequestOptions extends Pick<Exchange, 'method' | 'query' | 'body' | 'headers' | 'raw'> {
  /** 'user' (default): the signed-in user's token; 'anonymous': the storefront's client-credentials token. */
  auth?: 'user' | 'anonymous';
}

/** Where SessionExpired sends the browser: a route handler clears the cookie and shows the sign-in page. */
async function endSession(): Promise<never> {
  redirect(sessionExpiredAddress(await currentPath(), (await cookies()).get(SESSION_COOKIE)?.value));
}

/** An acting session the API no longer takes is not refreshed: the operator goes back to the back office. */
async function endAssisted(): Promise<never> {
  redirect(assistedEndedAddress((await cookies()).get(ASSIST_COOKIE)?.value));
}

async function userTokens(): Promise<TokenSet | AppError> {
  const session = await readSessionData();
  const tokens = session.tokens;
  if (!tokens || !session.user) return endSession();
  if (isAssisted(session)) return assistedExpired(session) ? endAssisted() : tokens;
  if (!needsRefresh(tokens)) return tokens;
  return refreshUserTokens(tokens);
}

/** New tokens; FailedToFetch while the API cannot refresh them (the session survives an outage); else sign-in. */
async function refreshUserTokens(tokens: TokenSet): Promise<TokenSet | AppError> {
  const refreshed = await refreshTokens(tokens.refreshToken);
  if (!refreshed.ok) return refreshed.outage ? failedToFetch() : endSession();
  const session = await readSessionData();
  await writeSessionData({ ...session, tokens: refreshed.tokens });
  return refreshed.tokens;
}

const accessTokenOf = (tokens: TokenSet | AppError): string | AppError => ('accessToken' in tokens ? tokens.accessToken : tokens);

async function bearerFor(auth: 'user' | 'anonymous'): Promise<string | AppError> {
  if (auth === 'user') return accessTokenOf(await userTokens());
  return (await clientToken()) ?? clientCredentialFailure();
}

function isInvalidToken(response: Response, body: OccErrorBody | undefined): boolean {
  if (response.status !== 401) return false;
  return body?.errors?.some((error) => error.reason === 'invalid_token' || error.type === 'InvalidTokenError') ?? true;
}

/** Calls the API and parses its answer with `schema`: the page only ever sees what was checked. */
export async function apiRequest<S extends z.ZodType>(schema: S, path: string, options: ApiRequestOptions = {}): Promise<ApiResult<z.infer<S>>> {
  const auth = options.auth ?? 'user';
  const exchange: Exchange = { method: options.method, query: options.query, body: options.body, headers: options.headers, raw: options.raw };
  const address = `${API_BASE_PATH}${path.startsWith('/') ? path : `/${path}`}`;
  let token = await bearerFor(auth);
  for (let attempt = 0; ; attempt += 1) {
    if (typeof token !== 'string') return { ok: false, error: token };
    const response = await send(address, { ...exchange, authorization: `Bearer ${token}` });
    if (!(response instanceof Response)) return { ok: false, error: response };
    const body = await readBody(response);
    if (!isInvalidToken(response, errorBodyOf(body))) return answerOf(schema, response, body);
    if (attempt > 0) return auth === 'user' ? endSession() : { ok: false, error: clientCredentialFailure() };
    // A call refused for its token is retried once with a new one (docs/decisions/007-session-model.md).
    token = auth === 'user' ? accessTokenOf(await renewAfterRefusal()) : await freshClientToken();
  }
}

/**
 * A download (a PDF, a CSV, a check-in photo) passed through as the API answered it, with the user's token: the answer when it
 * is 2xx, else the catalogue's AppError. The body is not read, so the route handler streams it on.
 */
export async function apiDownload(path: string, options: Pick<Exchange, 'query'> & { accept: string }): Promise<{ ok: true; response: Response } | { ok: false; error: AppError }> {
  const address = `${API_BASE_PATH}${path.startsWith('/') ? path : `/${path}`}`;
  let token = await bearerFor('user');
  for (let attempt = 0; ; attempt += 1) {
    if (typeof token !== 'string') return { ok: false, error: token };
    const response = await send(address, { query: options.query, headers: { accept: options.accept }, authorization: `Bearer ${token}` });
    if (!(response instanceof Response)) return { ok: false, error: response };
    if (response.ok) return { ok: true, response };
    const body = await readBody(response);
    if (!isInvalidToken(response, errorBodyOf(body))) return { ok: false, error: refusalOf(response, body) };
    if (attempt > 0) return endSession();
    token = accessTokenOf(await renewAfterRefusal());
  }
}

async function renewAfterRefusal(): Promise<TokenSet | AppError> {
  const session = await readSessionData();
  if (isAssisted(session)) return endAssisted();
  if (!session.tokens) return endSession();
  return refreshUserTokens(session.tokens);
}

async function freshClientToken(): Promise<string | AppError> {
  invalidateClientToken();
  return (await clientToken()) ?? clientCredentialFailure();
}
