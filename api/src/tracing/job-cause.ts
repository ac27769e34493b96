import { randomUUID } from 'node:crypto';
import type { Cause } from './cause';
import { newTraceId } from './traceparent';

/** The id of a background pass (outbox dispatch, standing-order scheduler), as its log records carry it. */
export const newJobId = (): string => `job-${randomUUID()}`;

/** A pass that writes events is their cause too, in a trace of its own. */
export const newJobCause = (): Cause => ({ id: newJobId(), traceId: newTraceId() });
