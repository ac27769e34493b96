import 'server-only';
import { headers as requestHeaders } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import { z } from 'zod';
import { getConfig } from '../config';
import { recordApiCall } from '../metrics/storefront-metrics';
import { apiCallHeaders, REQUEST_ID_HEADER, TRACEPARENT_HEADER } from '../tracing/trace-context';
import type { ApiResult, AppError } from '../errors/app-error';
import { defaultError, failedToFetch, fromApiResponse, type OccErrorBody } from '../errors/catalogue';

/**
 * The one way the storefront's server talks to the API: the shop's client (api/client.ts), the back office's
 * (admin/admin-client.ts), the token endpoints and the pass-through routes all send through here, so timeouts,
 * network failures and error bodies are handled once. Callers differ only in where their token comes from.
 */
export type QueryValue = string | number | boolean | undefined | null;

export interface Exchange {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as application/x-www-form-urlencoded (the OAuth endpoints). */
  form?: Record<string, string>;
  /** Sent as is, with its own content type (an import file). */
  raw?: { content: string | Uint8Array<ArrayBuffer>; contentType: string };
  /** The Authorization header: `Bearer …` or the storefront's own `Basic …`. */
  authorization?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** `path` is from the API's root (e.g. /occ/v2/b2b/products); missing query values are left out. */
export function apiAddress(path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(`${getConfig().apiUrl}${path.startsWith('/') ? path : `/${path}`}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

function payloadOf(exchange: Exchange): { contentType?: string; body?: string | Uint8Array<ArrayBuffer> } {
  if (exchange.raw) return { contentType: exchange.raw.contentType, body: exchange.raw.content };
  if (exchange.form) return { contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams(exchange.form).toString() };
  if (exchange.body !== undefined) return { contentType: 'application/json', body: JSON.stringify(exchange.body) };
  return {};
}

/**
 * The trace context of the page request being served (the proxy set it, src/proxy.ts); undefined outside one
 * (the proxy's own token refresh, start-up), where each call starts a trace of its own.
 */
async function pageTraceContext(): Promise<{ traceparent: string | null; requestId: string | null } | undefined> {
  try {
    const incoming = await requestHeaders();
    return { traceparent: incoming.get(TRACEPARENT_HEADER), requestId: incoming.get(REQUEST_ID_HEADER) };
  } catch (error) {
    // Next signals a dynamic render by throwing: that must reach Next, only "no request here" is ours.
    unstable_rethrow(error);
    return undefined;
  }
}

/**
 * The API's response, or FailedToFetch when it could not be reached in time (never an exception). Every call
 * carries the page request's trace and request id (docs/metrics.md#tracing) and is timed for the metrics.
 */
export async function send(path: string, exchange: Exchange = {}): Promise<Response | AppError> {
  const { contentType, body } = payloadOf(exchange);
  const headers: Record<string, string> = { accept: 'application/json', ...apiCallHeaders(await pageTraceContext()), ...exchange.headers };
  if (exchange.authorization) headers.authorization = exchange.authorization;
  if (contentType) headers['content-type'] = contentType;
  const started = performance.now();
  try {
    const response = await fetch(apiAddress(path, exchange.query), {
      method: exchange.method ?? 'GET',
      headers,
      body,
      cache: 'no-store',
      signal: AbortSignal.timeout(exchange.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    recordApiCall(path, response.status, (performance.now() - started) / 1000);
    return response;
  } catch {
    recordApiCall(path, 'failed', (performance.now() - started) / 1000);
    return failedToFetch();
  }
}

/** The answer's JSON; its text when it is not JSON; undefined when empty or cut off. */
export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The OCC error body (docs/decisions/005-error-model.md), checked rather than assumed. */
const occErrorBody: z.ZodType<OccErrorBody> = z.object({
  errors: z
    .array(
      z.object({
        type: z.string().optional().catch(undefined),
        reason: z.string().optional().catch(undefined),
        message: z.string().optional().catch(undefined),
        subject: z.string().optional().catch(undefined),
      }),
    )
    .optional()
    .catch(undefined),
  error: z.string().optional().catch(undefined),
  error_description: z.string().optional().catch(undefined),
});

export function errorBodyOf(body: unknown): OccErrorBody | undefined {
  const parsed = occErrorBody.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

/** A refusal as the catalogue words it. */
export const refusalOf = (response: Response, body: unknown): AppError => fromApiResponse(response.status, response.statusText, errorBodyOf(body));

/**
 * A 2xx answer checked against the shape the page relies on (an answer of another shape is a Default error);
 * any other answer as the catalogue's AppError. An empty answer is checked as `{}`.
 */
export function answerOf<S extends z.ZodType>(schema: S, response: Response, body: unknown): ApiResult<z.infer<S>> {
  if (!response.ok) return { ok: false, error: refusalOf(response, body) };
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) return { ok: false, error: defaultError() };
  return { ok: true, data: parsed.data, status: response.status, headers: response.headers };
}

/** For calls whose answer carries nothing the storefront reads (204, or an echo it ignores). */
export const noContent = z.unknown().transform((): undefined => undefined);
