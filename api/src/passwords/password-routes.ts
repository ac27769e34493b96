import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/bearer';
import { verifyPassword } from '../auth/passwords';
import { SignInLimits } from '../auth/sign-in-limits';
import { SIGN_IN_FAILURES } from '../auth/token-routes';
import { changePasswordProblemToApiError, resetProblemToApiError } from './problem-answers';
import { unwrap } from '../errors/reply';
import { parseInput } from '../http/validate';
import { rateLimitFor } from '../operations/rate-limit';
import { changePassword } from './change-password';
import { requestPasswordReset, RESET_REQUESTS_PER_ACCOUNT, RESET_REQUESTS_PER_ADDRESS } from './forgot-password';
import { CUSTOMER_RESET, resetUserPassword, validateUserToken } from './reset-password';
import { STEADY_ANSWER_MS, takeAtLeast } from '../http/steady-time';

export const forgotBody = z.object({ userId: z.string().trim().min(1).max(254) });
export const tokenBody = z.object({ token: z.string().min(1).max(512) });
/** The policy's own bounds are checked by the service, with their own messages; this only caps the input. */
export const resetBody = z.object({ token: z.string().min(1).max(512), newPassword: z.string().min(1).max(4096) });
const changeBody = z.object({ old: z.string().min(1).max(1024), new: z.string().min(1).max(4096) });

/** The one answer of /forgottenpasswordtokens, whoever was asked about. */
export const FORGOT_ANSWER = { status: 'accepted' } as const;

/** Forgotten passwords, reset and invitation links, and changing one's password (docs/people.md "Passwords"). */
export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const resetLimits = { perAddress: rateLimitFor(app, RESET_REQUESTS_PER_ADDRESS), perAccount: rateLimitFor(app, RESET_REQUESTS_PER_ACCOUNT) };
  const signInLimits = new SignInLimits(db, rateLimitFor(app, SIGN_IN_FAILURES));
  const checkPassword = app.deps.checkPassword ?? verifyPassword;

  app.post('/forgottenpasswordtokens', async (request, reply) => {
    const { userId } = parseInput(forgotBody, request.body, 'body');
    const work = () => requestPasswordReset(db, resetLimits, CUSTOMER_RESET, { email: userId, address: request.ip, now: app.clock(), mailTokenKey: app.mailTokenKey, cause: request.cause });
    await takeAtLeast(STEADY_ANSWER_MS, work);
    return reply.code(202).header('Cache-Control', 'no-store').send(FORGOT_ANSWER);
  });

  app.post('/validatetoken', async (request, reply) => {
    const { token } = parseInput(tokenBody, request.body, 'body');
    return reply.header('Cache-Control', 'no-store').send(unwrap(await validateUserToken(db, token, app.clock()), resetProblemToApiError));
  });

  app.post('/resetpassword', async (request, reply) => {
    const { token, newPassword } = parseInput(resetBody, request.body, 'body');
    unwrap(await resetUserPassword(db, app.principals, { token, newPassword, now: app.clock(), cause: request.cause }), resetProblemToApiError);
    return reply.header('Cache-Control', 'no-store').send({});
  });

  app.put('/users/current/password', { config: { customerOnly: true } }, async (request, reply) => {
    const user = currentUser(request);
    const body = parseInput(changeBody, request.body, 'body');
    const accessToken = /^Bearer\s+(\S+)/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const change = { user, accessToken, old: body.old, new: body.new, address: request.ip, now: app.clock(), cause: request.cause };
    unwrap(await changePassword(db, { limits: signInLimits, checkPassword, principals: app.principals }, change), changePasswordProblemToApiError);
    return reply.header('Cache-Control', 'no-store').send({});
  });
}
