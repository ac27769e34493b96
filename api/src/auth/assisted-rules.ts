import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit/record-audit';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import { AssistedActivity, type AssistedBy } from './assisted-sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Only the customer themselves may do this, never an operator acting for them (docs/assisted-service.md):
     * passwords, notification settings, company people, approval decisions.
     */
    customerOnly?: boolean;
  }
}

const ASSISTED_REFUSAL_MESSAGE = 'Not available while acting for a customer';

/** The operator acting in a request, when its token is an assisted session's. */
export function assistedBy(request: FastifyRequest): AssistedBy | undefined {
  return request.principal.kind === 'user' ? request.principal.assisted : undefined;
}

/**
 * What an assisted token may and may not do, in one place: routes flagged `customerOnly` refuse it with 403; each
 * request keeps the session from going idle; every request that changes something is audited under the operator.
 * Register after registerBearerAuth, whose hook sets the principal these read.
 */
export function registerAssistedSessionRules(app: FastifyInstance, db: Db): void {
  const activity = new AssistedActivity(db);
  app.addHook('onRequest', async (request) => {
    const assisted = assistedBy(request);
    if (!assisted) return;
    await activity.touch(assisted.sessionId);
    if (request.routeOptions.config.customerOnly === true) {
      throw new ApiError(403, 'ForbiddenError', ASSISTED_REFUSAL_MESSAGE, 'assistedSession');
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    const assisted = assistedBy(request);
    if (!assisted || request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const username = request.principal.kind === 'user' ? request.principal.user.username : '';
    try {
      await recordAudit(db, {
        operatorId: assisted.operatorId,
        action: 'assisted.request',
        subject: `user:${username}`,
        after: { method: request.method, route: request.routeOptions.url ?? request.url.split('?')[0], status: reply.statusCode, shipTo: assisted.shipTo, sessionId: assisted.sessionId },
      });
    } catch (error) {
      // The answer has gone; a lost audit row is logged loudly rather than thrown into the void.
      request.log.error({ err: error, sessionId: assisted.sessionId }, 'could not audit an assisted request');
    }
  });
}
