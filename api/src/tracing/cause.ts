/**
 * What caused the work under way: an API request (its request id) or a background job (`job-<uuid>`), and the
 * trace it belongs to. Passed down to the events it writes to the outbox (`OutboxEvent.cause`), so the webhook or
 * e-mail they become can be traced back to the request or job (docs/metrics.md#tracing).
 */
export interface Cause {
  id: string;
  traceId: string;
}
