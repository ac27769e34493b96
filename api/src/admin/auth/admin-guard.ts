import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { hashToken } from '../../auth/token-crypto';
import { ASSISTED_SESSION_ENDED, resolveAccessToken } from '../../auth/tokens';
import { forbidden, invalidToken } from '../../http/errors';
import { resolveOperatorToken, type Operator } from './operator-tokens';
import type { OperatorRole } from './roles';

/**
 * Who is calling an /admin/v1 route: an operator, or (only on routes that name a scope) an integration
 * client whose client-credentials token carries that scope.
 */
export type AdminPrincipal = { kind: 'operator'; operator: Operator } | { kind: 'integration'; clientId: string };

declare module 'fastify' {
  interface FastifyRequest {
    adminPrincipal: AdminPrincipal | null;
  }
  interface FastifyContextConfig {
    /** An /admin/v1 route anyone may call (the operator sign-in itself). */
    adminPublic?: boolean;
    /** An /admin/v1 route an integration client may also call, with a token of this scope (e.g. orders:status). */
    integrationScope?: string;
  }
}

function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
}

/**
 * Resolves the bearer token of every /admin/v1 request (register inside the admin plugin only): operator
 * tokens pass; customer and storefront tokens are valid but belong elsewhere, so 403; anything else 401.
 */
export function registerAdminAuth(app: FastifyInstance): void {
  const { db } = app.deps.database;
  app.decorateRequest('adminPrincipal', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.adminPublic === true) return;
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) throw invalidToken('Operator sign-in is required to access this resource');
    const operator = await resolveOperatorToken(db, token);
    if (operator) {
      request.adminPrincipal = { kind: 'operator', operator };
      return;
    }
    const resolved = await resolveAccessToken(db, hashToken(token));
    const scope = request.routeOptions.config.integrationScope;
    if (resolved !== ASSISTED_SESSION_ENDED && resolved?.principal.kind === 'client' && scope !== undefined && resolved.principal.scopes.includes(scope)) {
      request.adminPrincipal = { kind: 'integration', clientId: resolved.principal.clientId };
      return;
    }
    if (resolved) throw forbidden('Customer and storefront tokens may not use the back office');
    throw invalidToken();
  });
}

/** The operator behind an /admin/v1 request (the hook has already refused everyone else). */
export function currentOperator(request: FastifyRequest): Operator {
  const principal = request.adminPrincipal;
  if (!principal) throw invalidToken('Operator sign-in is required to access this resource');
  if (principal.kind !== 'operator') throw forbidden('Only operators may do this');
  return principal.operator;
}

/** A route open to operators of these roles and to integration clients of the route's scope. */
export function allowOperatorsOrIntegration(roles: readonly OperatorRole[]): preHandlerAsyncHookHandler {
  const operatorCheck = allow(roles);
  return async function check(this: FastifyInstance, request, reply) {
    if (request.adminPrincipal?.kind === 'integration') return;
    await operatorCheck.call(this, request, reply);
  };
}

/** Who made a change, as the audit trail and status history name them. */
export function actorOf(request: FastifyRequest): string {
  const principal = request.adminPrincipal;
  if (!principal) throw invalidToken('Operator sign-in is required to access this resource');
  return principal.kind === 'operator' ? `operator:${principal.operator.email}` : `client:${principal.clientId}`;
}

/** A route's role check: `app.post(path, { preHandler: allow(CATALOGUE_ROLES) }, handler)`. */
export function allow(roles: readonly OperatorRole[]): preHandlerAsyncHookHandler {
  return async (request) => {
    const operator = currentOperator(request);
    if (!roles.includes(operator.role)) throw forbidden(`The ${operator.role} role may not do this`, 'role');
  };
}
