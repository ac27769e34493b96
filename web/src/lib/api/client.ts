import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { getConfig } from '../config';
import type { ApiResult, AppError } from '../errors/app-error';
import { clientCredentialFailure, failedToFetch, fromApiResponse, type OccErrorBody } from '../errors/catalogue';
import { clientToken, invalidateClientToken } from '../session/client-token';
import { SESSION_COOKIE } from '../session/cookie';
import { sessionExpiredAddress } from '../session/expiry-proof';
import { refreshTokens } from '../session/refresh';
import { currentPath } from '../session/request-context';
import { readSessionData, writeSessionData } from '../session/session';
import { needsRefresh, type TokenSet } from '../session/session-data';

/**
 * The storefront's one server-side API client (design §1): paths are relative to /occ/v2/b2b, every failure
 * comes back as an AppError from the catalogue, and tokens never leave the server.
 */
export const API_BASE_PATH = '/occ/v2/b2b';

type QueryValue = string | number | boolean | undefined | null;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** 'user' (default): the signed-in user's token; 'anonymous': the storefront's client-credentials token. */
  auth?: 'user' | 'anonymous';
  headers?: Record<string, string>;
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(`${getConfig().apiUrl}${API_BASE_PATH}${path.startsWith('/') ? path : `/${path}`}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** Where SessionExpired sends the browser: a route handler clears the cookie and shows the sign-in page. */
async function endSession(): Promise<never> {
  redirect(sessionExpiredAddress(await currentPath(), (await cookies()).get(SESSION_COOKIE)?.value));
}

async function userTokens(): Promise<TokenSet | AppError> {
  const session = await readSessionData();
  const tokens = session.tokens;
  if (!tokens || !session.user) return endSession();
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

async function send(url: string, options: ApiRequestOptions, token: string): Promise<Response | AppError> {
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}`, ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    return await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      cache: 'no-store',
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    return failedToFetch();
  }
}

function isInvalidToken(response: Response, body: OccErrorBody | undefined): boolean {
  if (response.status !== 401) return false;
  return body?.errors?.some((error) => error.reason === 'invalid_token' || error.type === 'InvalidTokenError') ?? true;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiResult<T>> {
  const auth = options.auth ?? 'user';
  const url = apiUrl(path, options.query);
  let token = await bearerFor(auth);
  for (let attempt = 0; ; attempt += 1) {
    if (typeof token !== 'string') return { ok: false, error: token };
    const response = await send(url, options, token);
    if (!(response instanceof Response)) return { ok: false, error: response };
    const body = await readBody(response);
    if (response.ok) return { ok: true, data: body as T, status: response.status, headers: response.headers };
    const errorBody = typeof body === 'object' && body !== null ? (body as OccErrorBody) : undefined;
    if (!isInvalidToken(response, errorBody)) {
      return { ok: false, error: fromApiResponse(response.status, response.statusText, errorBody) };
    }
    if (attempt > 0) return auth === 'user' ? endSession() : { ok: false, error: clientCredentialFailure() };
    // Spec §4: a call refused for its token is retried once with a new one.
    token = auth === 'user' ? accessTokenOf(await renewAfterRefusal()) : await freshClientToken();
  }
}

async function renewAfterRefusal(): Promise<TokenSet | AppError> {
  const session = await readSessionData();
  if (!session.tokens) return endSession();
  return refreshUserTokens(session.tokens);
}

async function freshClientToken(): Promise<string | AppError> {
  invalidateClientToken();
  return (await clientToken()) ?? clientCredentialFailure();
}
