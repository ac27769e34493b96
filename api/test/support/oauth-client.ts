import { TEST_CLIENT } from './test-server';

export interface OAuthResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

export const basicAuth = (client: { id: string; secret: string } = TEST_CLIENT) =>
  `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;

/** A form-encoded call to the token or revoke endpoint, as the storefront's server makes it. */
export async function oauthPost(
  baseUrl: string,
  endpoint: 'token' | 'revoke',
  form: Record<string, string>,
  options: { client?: { id: string; secret: string } | null; headers?: Record<string, string>; query?: string } = {},
): Promise<OAuthResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', ...options.headers };
  if (options.client !== null) headers.authorization = basicAuth(options.client ?? TEST_CLIENT);
  const response = await fetch(`${baseUrl}/authorizationserver/oauth/${endpoint}${options.query ?? ''}`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(form).toString(),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

export const passwordForm = (username: string, password: string) => ({ grant_type: 'password', username, password, channel: 'cfi' });
