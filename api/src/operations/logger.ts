import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config/config';
import { readableLogStream } from './readable-log';

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
}

/** `json` for production (a collector reads it); `readable` for a person at the terminal in demo mode. */
export type LogFormat = 'json' | 'readable';

/**
 * Structured JSON logs (pino), one line per event, each request's lines tied by its reqId. The query
 * string is left out: a client that wrongly sends credentials there must not get them written to disk.
 * The readable form is the same records shortened to one line per request (readable-log.ts).
 */
export function loggerOptions(
  level: Config['logLevel'],
  format: LogFormat = 'json',
  out: NodeJS.WritableStream = process.stdout,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    // JSON to stdout goes through pino's own fast destination; any other target (tests) is given as a stream.
    ...(format === 'readable' ? { stream: readableLogStream(out) } : out === process.stdout ? {} : { stream: out }),
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        path: request.url.split('?')[0],
        remoteAddress: request.ip,
        userAgent: request.headers['user-agent'],
      }),
    },
  };
}
