import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit/record-audit';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import { AssistedActivity, type AssistedBy } from './assisted-sessions';

/** Requests that change nothing, so are not audited. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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

export const OTHER_SHIP_TO_MESSAGE = 'Only the account chosen for this session is open while acting for a customer';

/** Whether the request names a ship-to (`?shipTo=`, as every scoped shop route takes it) other than `chosen`. */
function asksOtherShipTo(request: FastifyRequest, chosen: string): boolean {
  const asked = (request.query as Record<string, unknown> | undefined)?.shipTo;
  if (asked === undefined) return false;
  const values: unknown[] = Array.isArray(asked) ? asked : [asked];
  return values.some((value) => typeof value !== 'string' || value.trim() !== chosen);
}

/** The operator acting in a request, when its token is an assisted session's. */
export function assistedBy(request: FastifyRequest): AssistedBy | undefined {
  return request.principal.kind === 'user' ? request.principal.assisted : undefined;
}

/**
 * What an assisted token may and may not do, in one place: routes flagged `customerOnly` refuse it with 403, and so
 * does a ship-to other than the session's; each request keeps the session from going idle; every request that
 * changes something is audited under the operator. Register after registerBearerAuth, whose hook sets the principal
 * these read. The hooks run on every request, so they are plain callbacks that return at once for everyone else
 * (an async hook costs each request a promise).
 */
export function registerAssistedSessionRules(app: FastifyInstance, db: Db): void {
  const activity = new AssistedActivity(db);

  async function admit(request: FastifyRequest, assisted: AssistedBy): Promise<void> {
    await activity.touch(assisted.sessionId);
    if (request.routeOptions.config.customerOnly === true) {
      throw new ApiError(403, 'ForbiddenError', ASSISTED_REFUSAL_MESSAGE, 'assistedSession');
    }
    // The operator chose one ship-to, within their scope; the user's other ship-tos may be another company's.
    if (asksOtherShipTo(request, assisted.shipTo)) throw new ApiError(403, 'ForbiddenError', OTHER_SHIP_TO_MESSAGE, 'assistedSession');
  }

  async function audit(request: FastifyRequest, status: number, assisted: AssistedBy): Promise<void> {
    const username = request.principal.kind === 'user' ? request.principal.user.username : '';
    try {
      await recordAudit(db, {
        operatorId: assisted.operatorId,
        action: 'assisted.request',
        subject: `user:${username}`,
        after: { method: request.method, route: request.routeOptions.url ?? request.url.split('?')[0], status, shipTo: assisted.shipTo, sessionId: assisted.sessionId },
      });
    } catch (error) {
      // The answer has gone; a lost audit row is logged loudly rather than thrown into the void.
      request.log.error({ err: error, sessionId: assisted.sessionId }, 'could not audit an assisted request');
    }
  }

  app.addHook('onRequest', (request, _reply, done) => {
    const assisted = assistedBy(request);
    if (!assisted) {
      done();
      return;
    }
    admit(request, assisted).then(() => done(), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const assisted = assistedBy(request);
    if (!assisted || SAFE_METHODS.has(request.method)) {
      done();
      return;
    }
    void audit(request, reply.statusCode, assisted).then(() => done());
  });
}
