import type { FastifyInstance } from 'fastify';
import { resetProblemToApiError } from '../../passwords/problem-answers';
import { unwrap } from '../../errors/reply';
import { parseInput } from '../../http/validate';
import { rateLimitFor } from '../../operations/rate-limit';
import { requestPasswordReset, RESET_REQUESTS_PER_ACCOUNT, RESET_REQUESTS_PER_ADDRESS } from '../../passwords/forgot-password';
import { FORGOT_ANSWER, forgotBody, resetBody, tokenBody } from '../../passwords/password-routes';
import { OPERATOR_RESET, resetOperatorPassword, validateOperatorToken } from './operator-passwords';
import { STEADY_ANSWER_MS, takeAtLeast } from '../../http/steady-time';

/**
 * The operators' forgot and reset, with the customers' rules (docs/people.md "Passwords"); open to anyone,
 * as the link in the mail is the proof. Counters are the customers' rules under names of their own.
 */
export async function adminPasswordRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const limits = {
    perAddress: rateLimitFor(app, { ...RESET_REQUESTS_PER_ADDRESS, name: `operator-${RESET_REQUESTS_PER_ADDRESS.name}` }),
    perAccount: rateLimitFor(app, { ...RESET_REQUESTS_PER_ACCOUNT, name: `operator-${RESET_REQUESTS_PER_ACCOUNT.name}` }),
  };
  const open = { config: { adminPublic: true } };

  app.post('/forgottenpasswordtokens', open, async (request, reply) => {
    const { userId } = parseInput(forgotBody, request.body, 'body');
    const work = () => requestPasswordReset(db, limits, OPERATOR_RESET, { email: userId, address: request.ip, now: app.clock(), mailTokenKey: app.mailTokenKey, cause: request.cause });
    await takeAtLeast(STEADY_ANSWER_MS, work);
    return reply.code(202).header('Cache-Control', 'no-store').send(FORGOT_ANSWER);
  });

  app.post('/validatetoken', open, async (request, reply) => {
    const { token } = parseInput(tokenBody, request.body, 'body');
    return reply.header('Cache-Control', 'no-store').send(unwrap(await validateOperatorToken(db, token, app.clock()), resetProblemToApiError));
  });

  app.post('/resetpassword', open, async (request, reply) => {
    const { token, newPassword } = parseInput(resetBody, request.body, 'body');
    unwrap(await resetOperatorPassword(db, { token, newPassword, now: app.clock(), cause: request.cause }), resetProblemToApiError);
    return reply.header('Cache-Control', 'no-store').send({});
  });
}
