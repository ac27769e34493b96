import 'server-only';
import { z } from 'zod';
import { apiRequest } from '../api/client';
import { noContent } from '../api/transport';

/** The fields of "Request an account", as POST /users takes them (docs/people.md "Registration requests"). */
export interface RegistrationRequest {
  email: string;
  name: string;
  companyName: string;
  phone: string;
  postcode: string;
  message: string;
}

/**
 * Sends the request with the storefront's own token and the visitor's address (server.mjs establishes it), so
 * the API's per-client limit counts each visitor. The API answers 202 whatever the address.
 */
export const requestAccount = (request: RegistrationRequest, forwardedFor: string | undefined) =>
  apiRequest(noContent, '/users', {
    auth: 'anonymous',
    method: 'POST',
    body: request,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : undefined,
  });

const confirmed = z.object({ confirmed: z.literal(true) });

/** Uses the link of the confirmation mail; a used or expired one is refused with the API's message. */
export const confirmAccountRequest = (token: string, forwardedFor: string | undefined) =>
  apiRequest(confirmed, '/registrationconfirmations', {
    auth: 'anonymous',
    method: 'POST',
    body: { token },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : undefined,
  });
