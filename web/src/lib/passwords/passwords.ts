import 'server-only';
import { z } from 'zod';
import { apiRequest } from '../api/client';
import { answerOf, noContent, readBody, send } from '../api/transport';
import type { ApiResult } from '../errors/app-error';
import { validLink, type ValidLink } from './password-schemas';

/** Customers reset at /occ/v2/b2b, operators at /admin/v1 (docs/people.md "Passwords"). */
export type Audience = 'customer' | 'operator';

const forwarded = (forwardedFor: string | undefined) => (forwardedFor ? { 'x-forwarded-for': forwardedFor } : undefined);

/** The public password calls: customers' with the storefront's client token, operators' with none (the link is the proof). */
async function publicCall<S extends z.ZodType>(audience: Audience, schema: S, path: string, body: unknown, forwardedFor?: string): Promise<ApiResult<z.infer<S>>> {
  if (audience === 'customer') return apiRequest(schema, path, { method: 'POST', body, auth: 'anonymous', headers: forwarded(forwardedFor) });
  const response = await send(`/admin/v1${path}`, { method: 'POST', body, headers: forwarded(forwardedFor) });
  if (!(response instanceof Response)) return { ok: false, error: response };
  return answerOf(schema, response, await readBody(response));
}

/** "Forgot your password?": the API answers the same whoever was asked about. */
export const requestReset = (audience: Audience, email: string, forwardedFor?: string) =>
  publicCall(audience, noContent, '/forgottenpasswordtokens', { userId: email }, forwardedFor);

export const validateLink = (audience: Audience, token: string): Promise<ApiResult<ValidLink>> => publicCall(audience, validLink, '/validatetoken', { token });

export const resetPassword = (audience: Audience, token: string, password: string) =>
  publicCall(audience, noContent, '/resetpassword', { token, newPassword: password });

/** The signed-in customer's own password; the API keeps this session and ends the others. */
export const changePassword = (old: string, password: string, forwardedFor?: string) =>
  apiRequest(noContent, '/users/current/password', { method: 'PUT', body: { old, new: password }, headers: forwarded(forwardedFor) });
