import { randomUUID } from 'node:crypto';

/**
 * W3C Trace Context (docs/metrics.md#tracing): `traceparent: 00-<trace id>-<parent span id>-<flags>`, lower-case
 * hex. Only version 00 is understood; anything else, or an id of zeros, is treated as absent (a new trace),
 * never as an error: a caller's broken header must not cost it its request.
 */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

export interface TraceParent {
  traceId: string;
  parentSpanId: string;
  flags: string;
}

export function parseTraceparent(header: string | string[] | undefined): TraceParent | undefined {
  if (typeof header !== 'string') return undefined;
  const match = TRACEPARENT.exec(header.trim());
  if (!match) return undefined;
  const [, traceId = '', parentSpanId = '', flags = ''] = match;
  if (traceId === ZERO_TRACE || parentSpanId === ZERO_SPAN) return undefined;
  return { traceId, parentSpanId, flags };
}

// randomUUID draws from a cached entropy pool, so an id costs no system call on the request path.
export const newTraceId = (): string => randomUUID().replaceAll('-', '');
export const newSpanId = (): string => randomUUID().replaceAll('-', '').slice(0, 16);

/** The header for a call made within trace `traceId`: a span of its own, flagged sampled (01). */
export const childTraceparent = (traceId: string): string => `00-${traceId}-${newSpanId()}-01`;
