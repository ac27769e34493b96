import { randomUUID } from 'node:crypto';
import type { Cause } from './cause';
import { newTraceId } from './traceparent';

/** A background pass (outbox dispatch, standing-order scheduler) is its own cause, in a trace of its own. */
export const newJobCause = (): Cause => ({ id: `job-${randomUUID()}`, traceId: newTraceId() });
