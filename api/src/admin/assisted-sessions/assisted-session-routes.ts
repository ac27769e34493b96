import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { endAssistedSession } from '../../auth/assisted-sessions';
import { unwrap } from '../../errors/reply';
import { invalidToken } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { allow, currentOperator } from '../auth/admin-guard';
import { operatorTokenExpiry } from '../auth/operator-tokens';
import { CUSTOMER_ROLES } from '../auth/roles';
import { endableSession, shipToUsers, startAssistedSession } from './assisted-sessions';
import { assistedEndProblemToApiError, assistedStartProblemToApiError, shipToUsersProblemToApiError } from './problem-answers';

const startBody = z.object({
  username: z.string().trim().min(1).max(254),
  shipTo: z.string().trim().min(1).max(20),
  reason: z.string().trim().min(3, 'must be at least 3 characters').max(500, 'must be at most 500 characters'),
});
const shipToParams = z.object({ code: z.string().trim().min(1).max(20).regex(/^[A-Za-z0-9_-]+$/, 'must be a ship-to code') });
const sessionParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

const objectOf = (fields: Record<string, object>) => ({ type: 'object', required: Object.keys(fields), properties: fields }) as const;
const str = { type: 'string' } as const;
const started = objectOf({
  id: { type: 'integer' },
  access_token: str,
  token_type: str,
  expires_in: { type: 'integer' },
  idleMinutes: { type: 'integer' },
  operator: objectOf({ name: str }),
  user: objectOf({ username: str, name: str, customerId: str }),
  shipTo: objectOf({ code: str, name: str, soldTo: str }),
});
const holders = objectOf({
  shipTo: objectOf({ code: str, name: str, soldTo: str, soldToName: str }),
  users: { type: 'array', items: objectOf({ username: str, name: str, status: str }) },
});

const bearerToken = (header: string | undefined) => /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];

/** Acting for a customer from the back office (docs/assisted-service.md): whom to act for, start, end. */
export async function adminAssistedSessionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.get('/shiptos/:code/users', { preHandler: allow(CUSTOMER_ROLES), schema: { response: { 200: holders } } }, async (request) => {
    const { code } = parseInput(shipToParams, request.params, 'params');
    return unwrap(await shipToUsers(db, currentOperator(request), code), shipToUsersProblemToApiError);
  });

  app.post('/assistedsessions', { preHandler: allow(CUSTOMER_ROLES), schema: { response: { 201: started } } }, async (request, reply) => {
    const body = parseInput(startBody, request.body, 'body');
    const token = bearerToken(request.headers.authorization);
    const operatorTokenExpiresAt = token === undefined ? null : await operatorTokenExpiry(db, token);
    if (operatorTokenExpiresAt === null) throw invalidToken('Operator sign-in is required to access this resource');
    const session = await startAssistedSession(db, currentOperator(request), { ...body, clientId: app.deps.config.storefrontClient.id, operatorTokenExpiresAt });
    return reply.code(201).send(unwrap(session, assistedStartProblemToApiError));
  });

  app.delete('/assistedsessions/:id', { preHandler: allow(CUSTOMER_ROLES) }, async (request, reply) => {
    const { id } = parseInput(sessionParams, request.params, 'params');
    const sessionId = unwrap(await endableSession(db, currentOperator(request), id), assistedEndProblemToApiError);
    await endAssistedSession(db, sessionId, 'ended');
    app.principals.forgetAssistedSession(sessionId);
    return reply.code(204).send();
  });
}
