import 'server-only';
import { redirect } from 'next/navigation';
import type { z } from 'zod';
import { answerOf, readBody, send, type Exchange, type QueryValue } from '../api/transport';
import type { ApiResult, AppError } from '../errors/app-error';
import { currentPath } from '../session/request-context';
import type { AdminSession } from './admin-session-data';
import { adminLoginAddress, readAdminSession } from './admin-session';

/**
 * The back office's one server-side API client: paths are relative to /admin/v1, the operator's token comes
 * from the admin cookie and never leaves the server, failures come back as AppErrors carrying the API's
 * message, and a refused token sends the operator to sign in again. It sends through the storefront's one
 * transport (api/transport.ts); only the token differs from the shop's client.
 */
export const ADMIN_BASE_PATH = '/admin/v1';

export type AdminRequestOptions = Pick<Exchange, 'method' | 'body' | 'raw' | 'timeoutMs'> & {
  /** Empty values are left out (a filter form's blank fields). */
  query?: Record<string, QueryValue>;
};

const withoutEmpty = (query: Record<string, QueryValue> | undefined) =>
  query && Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));

/** The raw response to a call made with the operator's token: for downloads and uploads with their own handling. */
export function sendAsOperator(session: AdminSession, path: string, options: AdminRequestOptions & { accept?: string } = {}): Promise<Response | AppError> {
  const { accept, query, ...exchange } = options;
  return send(`${ADMIN_BASE_PATH}${path.startsWith('/') ? path : `/${path}`}`, {
    ...exchange,
    query: withoutEmpty(query),
    authorization: `Bearer ${session.token}`,
    ...(accept ? { headers: { accept } } : {}),
  });
}

async function signInAgain(): Promise<never> {
  redirect(adminLoginAddress(await currentPath(), true));
}

/** Calls the API and parses the answer with `schema`: the page only ever sees what it checked. */
export async function adminCall<S extends z.ZodType>(schema: S, path: string, options: AdminRequestOptions = {}): Promise<ApiResult<z.infer<S>>> {
  const session = await readAdminSession();
  if (!session) return signInAgain();
  const response = await sendAsOperator(session, path, options);
  if (!(response instanceof Response)) return { ok: false, error: response };
  if (response.status === 401) return signInAgain();
  return answerOf(schema, response, await readBody(response));
}
