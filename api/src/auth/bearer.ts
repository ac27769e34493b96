import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { invalidToken } from '../http/errors';
import type { PrincipalCache } from './principal-cache';
import { hashToken } from './token-crypto';
import { ASSISTED_SESSION_ENDED, resolveAccessToken, type AuthenticatedUser, type Principal } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
  }
}

const USER_PREFIX = '/occ/v2/b2b/users/current';
/** The shop tells the operator their session is over (docs/assisted-service.md). */
const ASSISTED_SESSION_ENDED_MESSAGE = 'The session acting for this customer has ended';

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * Resolves the bearer token of every request under /occ once, centrally: a route cannot forget it.
 * Under /users/current only a signed-in user's token passes; elsewhere no token means anonymous,
 * and a bad token is still refused so the storefront knows to refresh.
 */
export function registerBearerAuth(app: FastifyInstance, db: Db, principals: PrincipalCache): void {
  async function principalFor(token: string): Promise<Principal | typeof ASSISTED_SESSION_ENDED | null> {
    const hash = hashToken(token);
    const cached = principals.get(hash);
    if (cached) return cached;
    const resolved = await resolveAccessToken(db, hash);
    if (resolved === null || resolved === ASSISTED_SESSION_ENDED) return resolved;
    principals.set(hash, resolved);
    return resolved.principal;
  }

  app.decorateRequest('principal', null as never);
  app.addHook('onRequest', async (request) => {
    request.principal = { kind: 'anonymous' };
    if (!request.url.startsWith('/occ/')) return;
    const token = bearerToken(request.headers.authorization);
    const needsUser = request.url.startsWith(USER_PREFIX);
    if (token === undefined) {
      if (needsUser) throw invalidToken('Full authentication is required to access this resource');
      return;
    }
    const principal = await principalFor(token);
    if (principal === null) throw invalidToken();
    if (principal === ASSISTED_SESSION_ENDED) throw invalidToken(ASSISTED_SESSION_ENDED_MESSAGE);
    if (needsUser && principal.kind !== 'user') throw invalidToken('A signed-in user is required');
    request.principal = principal;
  });
}

/** The signed-in user of a /users/current request (the hook has already refused everyone else). */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (request.principal.kind !== 'user') throw invalidToken('A signed-in user is required');
  return request.principal.user;
}
