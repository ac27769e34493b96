import 'server-only';
import { z } from 'zod';
import { getConfig } from '../config';
import { operatorSchema, type AdminSession } from './admin-session-data';

/** The API's operator sign-in and sign-out, called with the storefront's confidential client (design §8). */
const tokenResponse = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const errorResponse = z.object({ errors: z.array(z.object({ message: z.string().optional(), reason: z.string().optional() })) });

export type OperatorSignInOutcome =
  | { ok: true; session: AdminSession }
  | { ok: false; kind: 'refused'; message: string }
  | { ok: false; kind: 'tooMany' }
  | { ok: false; kind: 'unreachable' };

function basicAuth(): string {
  const { client } = getConfig();
  return `Basic ${Buffer.from(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`).toString('base64')}`;
}

async function post(path: string, body: unknown, forwardedFor?: string): Promise<Response> {
  const headers: Record<string, string> = { authorization: basicAuth(), 'content-type': 'application/json', accept: 'application/json' };
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  return fetch(`${getConfig().apiUrl}/admin/v1${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    cache: 'no-store',
    signal: AbortSignal.timeout(10_000),
  });
}

async function currentOperator(token: string) {
  const response = await fetch(`${getConfig().apiUrl}/admin/v1/operators/current`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    cache: 'no-store',
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) return undefined;
  const parsed = operatorSchema.safeParse(await response.json());
  return parsed.success ? parsed.data : undefined;
}

export async function signInOperator(email: string, password: string, forwardedFor?: string): Promise<OperatorSignInOutcome> {
  try {
    const response = await post('/auth/token', { email, password }, forwardedFor);
    const body: unknown = await response.json().catch(() => undefined);
    if (response.status === 429) return { ok: false, kind: 'tooMany' };
    if (!response.ok) {
      const parsed = errorResponse.safeParse(body);
      return { ok: false, kind: 'refused', message: parsed.success ? (parsed.data.errors[0]?.message ?? 'Bad credentials') : 'Bad credentials' };
    }
    const tokens = tokenResponse.safeParse(body);
    if (!tokens.success) return { ok: false, kind: 'unreachable' };
    const operator = await currentOperator(tokens.data.access_token);
    if (!operator) return { ok: false, kind: 'unreachable' };
    const expiresAt = Math.floor(Date.now() / 1000) + tokens.data.expires_in;
    return { ok: true, session: { kind: 'operator', token: tokens.data.access_token, expiresAt, operator } };
  } catch {
    return { ok: false, kind: 'unreachable' };
  }
}

/** Sign-out: the token stops working in the API too; a failure here still clears the cookie. */
export async function revokeOperator(token: string): Promise<void> {
  try {
    await post('/auth/revoke', { token });
  } catch {
    // The cookie is cleared anyway; the token expires on its own within a working day.
  }
}
