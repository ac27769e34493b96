import 'server-only';
import { z } from 'zod';
import { readBody, send } from '../api/transport';
import { getConfig } from '../config';
import type { AppError } from '../errors/app-error';
import type { TokenSet } from './session-data';

/** The authorization server's token and revoke endpoints, called with the storefront's confidential client. */
const tokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  refresh_token: z.string().min(1).optional(),
});

const oauthError = z.object({ error: z.string(), error_description: z.string().optional() });

export type TokenOutcome =
  | { ok: true; tokens: TokenSet }
  | { ok: false; kind: 'refused'; status: number; error: string; description?: string }
  | { ok: false; kind: 'unreachable' };

function basicAuth(): string {
  const { client } = getConfig();
  const encode = (value: string) => encodeURIComponent(value);
  return `Basic ${Buffer.from(`${encode(client.id)}:${encode(client.secret)}`).toString('base64')}`;
}

function post(path: string, form: Record<string, string>, forwardedFor?: string): Promise<Response | AppError> {
  return send(path, {
    method: 'POST',
    form,
    authorization: basicAuth(),
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : undefined,
    timeoutMs: 10_000,
  });
}

async function requestTokens(form: Record<string, string>, forwardedFor?: string): Promise<TokenOutcome> {
  const response = await post('/authorizationserver/oauth/token', form, forwardedFor);
  if (!(response instanceof Response)) return { ok: false, kind: 'unreachable' };
  const body = await readBody(response);
  if (!response.ok) {
    const parsed = oauthError.safeParse(body);
    return parsed.success
      ? { ok: false, kind: 'refused', status: response.status, error: parsed.data.error, description: parsed.data.error_description }
      : { ok: false, kind: 'refused', status: response.status, error: `http_${response.status}` };
  }
  const parsed = tokenResponse.safeParse(body);
  if (!parsed.success) return { ok: false, kind: 'refused', status: response.status, error: 'invalid_response' };
  const { access_token, expires_in, refresh_token } = parsed.data;
  return {
    ok: true,
    tokens: {
      accessToken: access_token,
      refreshToken: refresh_token ?? '',
      expiresAt: Math.floor(Date.now() / 1000) + expires_in,
      lifetime: expires_in,
    },
  };
}

/**
 * `forwardedFor`: the client's address as server.mjs established it, so the API's sign-in limits count each
 * shopper rather than the storefront (the API believes it from the proxies in its TRUST_PROXY).
 */
export function passwordGrant(username: string, password: string, forwardedFor?: string): Promise<TokenOutcome> {
  return requestTokens({ grant_type: 'password', username, password, channel: 'cfi' }, forwardedFor);
}

export function refreshGrant(refreshToken: string): Promise<TokenOutcome> {
  return requestTokens({ grant_type: 'refresh_token', refresh_token: refreshToken });
}

export function clientCredentialsGrant(): Promise<TokenOutcome> {
  return requestTokens({ grant_type: 'client_credentials' });
}

/** Sign-out: revoking the refresh token ends the whole sign-in at the API (RFC 7009). Best effort by design. */
export async function revokeTokens(tokens: TokenSet): Promise<boolean> {
  const response = await post('/authorizationserver/oauth/revoke', { token: tokens.refreshToken || tokens.accessToken, token_type_hint: 'refresh_token' });
  return response instanceof Response && response.ok;
}
