import 'server-only';
import { redirect } from 'next/navigation';
import type { z } from 'zod';
import { getConfig } from '../config';
import type { ApiResult } from '../errors/app-error';
import { defaultError, failedToFetch, fromApiResponse, type OccErrorBody } from '../errors/catalogue';
import { currentPath } from '../session/request-context';
import { adminLoginAddress, readAdminSession } from './admin-session';

/**
 * The back office's one server-side API client: paths are relative to /admin/v1, the operator's token comes
 * from the admin cookie and never leaves the server, failures come back as AppErrors carrying the API's
 * message, and a refused token sends the operator to sign in again.
 */
type QueryValue = string | number | boolean | undefined | null;

export interface AdminRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, with its own content type (an import file). */
  raw?: { content: string | Uint8Array<ArrayBuffer>; contentType: string };
  timeoutMs?: number;
}

export function adminApiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(`${getConfig().apiUrl}/admin/v1${path.startsWith('/') ? path : `/${path}`}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.toString();
}

async function signInAgain(): Promise<never> {
  redirect(adminLoginAddress(await currentPath(), true));
}

async function adminRequest(path: string, options: AdminRequestOptions): Promise<ApiResult<unknown>> {
  const session = await readAdminSession();
  if (!session) return signInAgain();
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${session.token}` };
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (options.raw) {
    headers['content-type'] = options.raw.contentType;
    body = options.raw.content;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(adminApiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      cache: 'no-store',
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
  } catch {
    return { ok: false, error: failedToFetch() };
  }
  if (response.status === 401) return signInAgain();
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    parsed = text;
  }
  if (response.ok) return { ok: true, data: parsed, status: response.status, headers: response.headers };
  const errorBody = typeof parsed === 'object' && parsed !== null ? (parsed as OccErrorBody) : undefined;
  return { ok: false, error: fromApiResponse(response.status, response.statusText, errorBody) };
}

/** Calls the API and parses the answer with `schema`: the page only ever sees what it checked. */
export async function adminCall<S extends z.ZodType>(schema: S, path: string, options: AdminRequestOptions = {}): Promise<ApiResult<z.infer<S>>> {
  const result = await adminRequest(path, options);
  if (!result.ok) return result;
  const parsed = schema.safeParse(result.data ?? {});
  return parsed.success ? { ...result, data: parsed.data } : { ok: false, error: defaultError() };
}
