import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { withCause } from './cause';
import { newTraceId, parseTraceparent } from './traceparent';

/** Each request's trace id: the caller's (a valid `traceparent`) or a new one; read once, when its logger is made. */
const traces = new WeakMap<IncomingMessage, string>();

function traceIdOf(raw: IncomingMessage): string {
  let traceId = traces.get(raw);
  if (traceId === undefined) {
    traceId = parseTraceparent(raw.headers.traceparent)?.traceId ?? newTraceId();
    traces.set(raw, traceId);
  }
  return traceId;
}

/**
 * Fastify's request logger with `traceId` beside `reqId`, so every record of a request, the first ("incoming
 * request") included, can be found from the trace a caller (the storefront) started.
 */
export const tracingChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = function (logger, bindings, options, raw) {
  return logger.child({ ...bindings, traceId: traceIdOf(raw as IncomingMessage) }, options);
};

/**
 * Makes the request the cause of what it does (tracing/cause.ts). Hooks of onRequest run in the context set
 * here, but the body is read in the socket's context, so the handler's stage is entered again in preValidation.
 */
export function registerRequestCause(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    withCause({ id: request.id, traceId: traceIdOf(request.raw) }, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    withCause({ id: request.id, traceId: traceIdOf(request.raw) }, done);
  });
}
