import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registrationProblemToApiError } from './problem-answers';
import { unwrap } from '../errors/reply';
import { tooManyRequests } from '../http/errors';
import { parseInput } from '../http/validate';
import { rateLimitFor, type RateLimitRule } from '../operations/rate-limit';
import { confirmRegistration, requestRegistration } from './registration-requests';
import { confirmationBody, registrationBody } from './registration-schemas';
import { STEADY_ANSWER_MS, takeAtLeast } from '../http/steady-time';

/** How often one client address may ask or confirm, and one e-mail address be asked for (docs/people.md). */
export const REGISTRATION_RATES = {
  perClient: { name: 'registration-client', limit: 10, windowSeconds: 60 * 60 },
  perEmail: { name: 'registration-email', limit: 3, windowSeconds: 60 * 60 },
  confirmPerClient: { name: 'registration-confirm-client', limit: 30, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/** Addresses are counted by hash only, as sign-in names are: the store need not hold who asked. */
const emailKey = (email: string) => createHash('sha256').update(email).digest('base64url');

/**
 * POST /users (a registration request) and POST /registrationconfirmations (the link in its mail), both
 * without sign-in. Every well-formed request answers 202 with no body, whatever the address: known, unknown,
 * already asked for too often. Too many from one client address is a 429, which says nothing of any address.
 */
export async function registrationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const perClient = rateLimitFor(app, REGISTRATION_RATES.perClient);
  const perEmail = rateLimitFor(app, REGISTRATION_RATES.perEmail);
  const confirmPerClient = rateLimitFor(app, REGISTRATION_RATES.confirmPerClient);

  const limitClient = (limit: typeof perClient) => async (request: FastifyRequest) => {
    const allowance = await limit.consume(request.ip);
    if (!allowance.allowed) throw tooManyRequests(allowance.retryAfterSeconds);
  };

  app.post('/users', { onRequest: limitClient(perClient) }, async (request, reply) => {
    const input = parseInput(registrationBody, request.body, 'body');
    // Past the address's limit nothing is written or sent, and the answer is the same.
    await takeAtLeast(STEADY_ANSWER_MS, async () => {
      if ((await perEmail.consume(emailKey(input.email))).allowed) await requestRegistration(db, input, app.clock(), app.mailTokenKey, request.cause);
    });
    return reply.code(202).send();
  });

  app.post('/registrationconfirmations', { onRequest: limitClient(confirmPerClient) }, async (request) => {
    const { token } = parseInput(confirmationBody, request.body, 'body');
    return unwrap(await confirmRegistration(db, token, app.clock()), registrationProblemToApiError);
  });
}
