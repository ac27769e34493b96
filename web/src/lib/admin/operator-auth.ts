import 'server-only';
import { z } from 'zod';
import { errorBodyOf, readBody, send } from '../api/transport';
import { getConfig } from '../config';
import type { AppError } from '../errors/app-error';
import { ADMIN_BASE_PATH } from './admin-client';
import { operatorSchema, type AdminSession } from './admin-session-data';

/** The API's operator sign-in and sign-out, called with the storefront's confidential client (docs/integration.md). */
const tokenResponse = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

export type OperatorSignInOutcome =
  | { ok: true; session: AdminSession }
  | { ok: false; kind: 'refused'; message: string }
  | { ok: false; kind: 'tooMany' }
  | { ok: false; kind: 'unreachable' };

function basicAuth(): string {
  const { client } = getConfig();
  return `Basic ${Buffer.from(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`).toString('base64')}`;
}

function post(path: string, body: unknown, forwardedFor?: string): Promise<Response | AppError> {
  return send(`${ADMIN_BASE_PATH}${path}`, {
    method: 'POST',
    body,
    authorization: basicAuth(),
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : undefined,
    timeoutMs: 10_000,
  });
}

async function currentOperator(token: string) {
  const response = await send(`${ADMIN_BASE_PATH}/operators/current`, { authorization: `Bearer ${token}`, timeoutMs: 10_000 });
  if (!(response instanceof Response) || !response.ok) return undefined;
  const parsed = operatorSchema.safeParse(await readBody(response));
  return parsed.success ? parsed.data : undefined;
}

export async function signInOperator(email: string, password: string, forwardedFor?: string): Promise<OperatorSignInOutcome> {
  const response = await post('/auth/token', { email, password }, forwardedFor);
  if (!(response instanceof Response)) return { ok: false, kind: 'unreachable' };
  const body = await readBody(response);
  if (response.status === 429) return { ok: false, kind: 'tooMany' };
  if (!response.ok) return { ok: false, kind: 'refused', message: errorBodyOf(body)?.errors?.[0]?.message ?? 'Bad credentials' };
  const tokens = tokenResponse.safeParse(body);
  if (!tokens.success) return { ok: false, kind: 'unreachable' };
  const operator = await currentOperator(tokens.data.access_token);
  if (!operator) return { ok: false, kind: 'unreachable' };
  const expiresAt = Math.floor(Date.now() / 1000) + tokens.data.expires_in;
  return { ok: true, session: { kind: 'operator', token: tokens.data.access_token, expiresAt, operator } };
}

/** Sign-out: the token stops working in the API too; a failure here still clears the cookie. */
export async function revokeOperator(token: string): Promise<void> {
  // A failure is ignored: the cookie is cleared anyway, and the token expires on its own within a working day.
  await post('/auth/revoke', { token });
}
