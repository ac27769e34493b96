import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config/config';

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Structured JSON logs (pino), one line per event, each request's lines tied by its reqId. The query
 * string is left out: a client that wrongly sends credentials there must not get them written to disk.
 */
export function loggerOptions(level: Config['logLevel']): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
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
