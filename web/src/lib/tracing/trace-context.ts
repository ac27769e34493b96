/**
 * W3C Trace Context for the storefront (docs/metrics.md#tracing): each page request belongs to a trace, the
 * browser's or load balancer's when it sent a valid `traceparent`, a new one otherwise, and every API call made
 * for it is a span of that trace carrying the page request's id. No Next import here: the rules are tested alone.
 */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const REQUEST_ID = /^[\w-]{1,64}$/;

export const TRACEPARENT_HEADER = 'traceparent';
export const REQUEST_ID_HEADER = 'x-request-id';

export interface TraceParent {
  traceId: string;
  flags: string;
}

/** Version 00 only, lower-case hex, no all-zero ids: anything else is no traceparent at all. */
export function parseTraceparent(header: string | null | undefined): TraceParent | undefined {
  const match = TRACEPARENT.exec(header?.trim() ?? '');
  if (!match) return undefined;
  const [, traceId = '', spanId = '', flags = ''] = match;
  if (/^0+$/.test(traceId) || /^0+$/.test(spanId)) return undefined;
  return { traceId, flags };
}

const hex = (length: number) => crypto.randomUUID().replaceAll('-', '').slice(0, length);

/** A traceparent for a new span: in the given trace (keeping its flags), or in a new sampled trace. */
export function spanIn(parent: TraceParent | undefined): string {
  return `00-${parent?.traceId ?? hex(32)}-${hex(16)}-${parent?.flags ?? '01'}`;
}

/** The page request's own trace context, as the proxy hands it to the page (src/proxy.ts). */
export function pageTrace(incoming: { traceparent: string | null; requestId: string | null }): { traceparent: string; requestId: string } {
  const requestId = incoming.requestId !== null && REQUEST_ID.test(incoming.requestId) ? incoming.requestId : crypto.randomUUID();
  return { traceparent: spanIn(parseTraceparent(incoming.traceparent)), requestId };
}

/** The headers of one API call made for a page request (or for none: a new trace of its own). */
export function apiCallHeaders(page: { traceparent: string | null; requestId: string | null } | undefined): Record<string, string> {
  const headers: Record<string, string> = { [TRACEPARENT_HEADER]: spanIn(parseTraceparent(page?.traceparent)) };
  if (page?.requestId && REQUEST_ID.test(page.requestId)) headers[REQUEST_ID_HEADER] = page.requestId;
  return headers;
}
