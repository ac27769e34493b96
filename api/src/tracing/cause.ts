import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What caused the work under way: an API request (its request id) or a background job (`job-<uuid>`), and the
 * trace it belongs to. Events written to the outbox meanwhile record it, so the webhook or e-mail they become
 * can be traced back to the request or job (docs/metrics.md#tracing).
 */
export interface Cause {
  id: string;
  traceId: string;
}

const storage = new AsyncLocalStorage<Cause>();

/** The cause of the code running now; undefined outside any request or job (start-up, a test's direct call). */
export const currentCause = (): Cause | undefined => storage.getStore();

/** Runs `work` (and everything it starts) as caused by `cause`. */
export const withCause = <T>(cause: Cause, work: () => T): T => storage.run(cause, work);
