import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Cause } from './cause';
import { newTraceId, parseTraceparent } from './traceparent';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request as a cause: what its routes pass on to the events they write (tracing/cause.ts). */
    cause: Cause;
  }
}

/**
 * Each request as a cause: its request id, and its trace (the caller's valid `traceparent`, or a new one). Made
 * once, when Fastify makes the request's logger, which comes before any hook.
 */
const causes = new WeakMap<IncomingMessage, Cause>();

function causeOf(raw: IncomingMessage, requestId: string): Cause {
  let cause = causes.get(raw);
  if (cause === undefined) {
    cause = { id: requestId, traceId: parseTraceparent(raw.headers.traceparent)?.traceId ?? newTraceId() };
    causes.set(raw, cause);
  }
  return cause;
}

/**
 * Fastify's request logger with `traceId` beside `reqId`, so every record of a request, the first ("incoming
 * request") included, can be found from the trace a caller (the storefront) started.
 */
export const tracingChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = function (logger, bindings, options, raw) {
  const cause = causeOf(raw as IncomingMessage, String(bindings.reqId));
  return logger.child({ ...bindings, traceId: cause.traceId }, options);
};

/** Makes the request the cause of what it does (tracing/cause.ts), at hand for its routes as `request.cause`. */
export function registerRequestCause(app: FastifyInstance): void {
  app.decorateRequest('cause', null as never);
  app.addHook('onRequest', (request, _reply, done) => {
    request.cause = causeOf(request.raw, request.id);
    done();
  });
}
