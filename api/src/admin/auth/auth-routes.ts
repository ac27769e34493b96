import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authenticateClient, parseBasicAuth } from '../../auth/clients';
import { SignInLimits } from '../../auth/sign-in-limits';
import { SIGN_IN_FAILURES } from '../../auth/token-routes';
import { operatorSignInProblemToApiError } from '../problem-answers';
import { unwrap } from '../../errors/reply';
import { invalidToken } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { rateLimitFor } from '../../operations/rate-limit';
import { currentOperator } from './admin-guard';
import { revokeOperatorToken } from './operator-tokens';
import { signInOperator } from './operator-sign-in';

const signInBody = z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(1024) });
const revokeBody = z.object({ token: z.string().min(1).max(512) });

/**
 * Operator sign-in and sign-out. Only the storefront's server may call them (its client credentials in HTTP
 * Basic), so an operator's token is issued to the BFF and never to a browser. Tries are limited by the
 * customers' rules and per-address limit (SIGN_IN_FAILURES), counted before the password is checked.
 */
export async function adminAuthRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const limits = new SignInLimits(db, rateLimitFor(app, SIGN_IN_FAILURES));

  async function requireStorefront(authorization: string | undefined): Promise<void> {
    const credentials = parseBasicAuth(authorization);
    const client = credentials && (await authenticateClient(db, credentials));
    // Only the storefront's own client: an integration client is confidential too, but never signs operators in.
    if (!client?.confidential || client.id !== app.deps.config.storefrontClient.id) throw invalidToken('The storefront client credentials are required');
  }

  app.post('/auth/token', { config: { adminPublic: true } }, async (request, reply) => {
    await requireStorefront(request.headers.authorization);
    const { email, password } = parseInput(signInBody, request.body, 'body');
    const { tokens } = unwrap(await signInOperator(db, limits, { email, password, address: request.ip }), operatorSignInProblemToApiError);
    return reply.header('Cache-Control', 'no-store').send(tokens);
  });

  app.post('/auth/revoke', { config: { adminPublic: true } }, async (request, reply) => {
    await requireStorefront(request.headers.authorization);
    const { token } = parseInput(revokeBody, request.body, 'body');
    await revokeOperatorToken(db, token);
    return reply.code(204).send();
  });

  app.get('/operators/current', async (request) => {
    const operator = currentOperator(request);
    return { email: operator.email, name: operator.name, role: operator.role };
  });
}
