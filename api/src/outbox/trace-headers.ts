import { childTraceparent } from '../tracing/traceparent';
import type { OutboxMessage } from './outbox-queue';

/**
 * A webhook carries the request (or job) id that caused its event and a traceparent in the same trace, so the
 * receiver's logs join the shop's (docs/metrics.md#tracing). Events written outside any request carry none.
 */
export function webhookTraceHeaders(message: OutboxMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  if (message.causeId) headers['x-request-id'] = message.causeId;
  if (message.traceId) headers.traceparent = childTraceparent(message.traceId);
  return headers;
}

/** The same for an e-mail, as X- headers (a mail has no traceparent of its own). */
export function mailTraceHeaders(message: OutboxMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  if (message.causeId) headers['X-Request-Id'] = message.causeId;
  if (message.traceId) headers['X-Trace-Id'] = message.traceId;
  return headers;
}
