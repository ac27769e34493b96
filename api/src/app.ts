import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerBearerAuth } from './auth/bearer';
import { registerStorefrontClient } from './auth/clients';
import { PrincipalCache } from './auth/principal-cache';
import { tokenRoutes } from './auth/token-routes';
import type { Config } from './config/config';
import type { Database } from './db/client';
import { catalogueRoutes } from './catalogue/catalogue-routes';
import { imageRoutes } from './catalogue/image-routes';
import { ApiError } from './http/errors';
import { loggingRoutes } from './logging/logging-routes';
import { healthRoutes } from './operations/health-routes';
import { userRoutes } from './users/user-routes';
import { cartRoutes } from './carts/cart-routes';
import { deliveryRoutes } from './delivery/delivery-routes';
import { orderRoutes } from './orders/order-routes';

export interface AppDeps {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

export interface AppState {
  /** Set on SIGTERM: readiness fails so a load balancer stops sending traffic while requests drain. */
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    state: AppState;
    principals: PrincipalCache;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel },
    trustProxy: deps.config.trustProxy,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  app.decorate('deps', deps);
  app.decorate('state', { draining: false });
  app.decorate('principals', new PrincipalCache(deps.config.tokenCacheSeconds * 1000));

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setErrorHandler((error, request, reply) => sendError(error, request.log, reply));
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(new ApiError(404, 'NotFoundError', `No route for ${request.method} ${request.url.split('?')[0]}`, 'notFound').toBody());
  });

  await registerStorefrontClient(deps.database.db, deps.config.storefrontClient);
  await app.register(formbody);
  registerBearerAuth(app, deps.database.db, app.principals);

  await app.register(healthRoutes);
  await app.register(tokenRoutes);
  await app.register(userRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(catalogueRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(imageRoutes);
  await app.register(cartRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(deliveryRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(orderRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(loggingRoutes, { prefix: '/occ/v2/b2b' });
  return app;
}

type Reply = Parameters<Parameters<FastifyInstance['setErrorHandler']>[0]>[2];
type Log = FastifyInstance['log'];

/** The one place an error becomes a response: typed errors keep their status, anything else is a 500 without details. */
function sendError(error: unknown, log: Log, reply: Reply) {
  if (error instanceof ApiError) {
    return reply.code(error.status).headers(error.headers).send(error.toBody());
  }
  const fastifyError = error as { statusCode?: number; code?: string; message?: string; validation?: unknown };
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const type = status === 413 ? 'PayloadTooLargeError' : status === 415 ? 'UnsupportedMediaTypeError' : 'ValidationError';
    const body = new ApiError(status, type, fastifyError.message ?? 'Bad request', 'invalid', 'body').toBody();
    return reply.code(status).send(body);
  }
  log.error({ err: error }, 'unhandled error');
  return reply.code(500).send(new ApiError(500, 'InternalServerError', 'An unexpected error occurred', 'internal').toBody());
}
