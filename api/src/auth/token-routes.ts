import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authenticateClient, parseBasicAuth, type OAuthClient } from './clients';
import { databaseErrorToApiError } from '../http/database-errors';
import { ApiError } from '../http/errors';
import { inputFlaw } from '../http/nul-bytes';
import { rateLimitFor } from '../operations/rate-limit';
import { OAuthError, invalidClient } from '../http/oauth-errors';
import { grantProblemToOAuthError } from './problem-answers';
import { unwrap } from '../errors/reply';
import { verifyPassword } from './passwords';
import { SignInLimits } from './sign-in-limits';
import { clientCredentialsGrant, passwordGrant, refreshGrant, revokeToken } from './token-service';

/**
 * Sign-in tries per client address, whatever the names (RFC 9700 §4.2 / OWASP): slows guessing across many
 * accounts, which the per-account limits cannot. A right password hands its try back.
 */
export const SIGN_IN_FAILURES = { name: 'sign-in-failures', limit: 20, windowSeconds: 15 * 60 };
/** How often counters whose window has ended are deleted. */
const FORGET_ENDED_TRIES_MS = 10 * 60_000;

const tokenRequest = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('password'),
    username: z.string().min(1).max(254),
    password: z.string().min(1).max(1024),
    channel: z.literal('cfi').optional(),
  }),
  z.object({ grant_type: z.literal('client_credentials') }),
  z.object({ grant_type: z.literal('refresh_token'), refresh_token: z.string().min(1).max(512) }),
]);

const revokeRequest = z.object({ token: z.string().min(1).max(512), token_type_hint: z.string().optional() });

const SECRET_FIELDS = ['password', 'client_secret', 'client_id', 'refresh_token', 'access_token', 'username', 'token'];

/** Credentials must travel in the body (RFC 6749 §3.2), never in the address where logs keep them. */
function refuseCredentialsInQuery(request: FastifyRequest): void {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (SECRET_FIELDS.some((field) => field in query)) {
    throw new OAuthError(400, 'invalid_request', 'Credentials must not be sent in the query string');
  }
  if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
    throw new OAuthError(400, 'invalid_request', 'The request body must be application/x-www-form-urlencoded');
  }
  // A form body is flat (a[b]=1 is the key 'a[b]'), so only a NUL byte can be wrong with it here.
  const flaw = inputFlaw(request.body);
  if (flaw?.kind === 'nulByte') throw new OAuthError(400, 'invalid_request', `Invalid parameter: ${flaw.path} must not contain a NUL character`);
}

export async function tokenRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const ttls = app.deps.config;
  const limits = new SignInLimits(db, rateLimitFor(app, SIGN_IN_FAILURES));
  const checkPassword = app.deps.checkPassword ?? verifyPassword;
  const forgetEnded = setInterval(() => {
    limits.forgetEnded().catch((error: unknown) => app.log.warn({ err: error }, 'could not delete ended sign-in counters'));
  }, FORGET_ENDED_TRIES_MS);
  forgetEnded.unref();
  app.addHook('onClose', async () => clearInterval(forgetEnded));

  async function clientOf(request: FastifyRequest): Promise<OAuthClient> {
    const credentials = parseBasicAuth(request.headers.authorization);
    const client = credentials && (await authenticateClient(db, credentials));
    if (!client) throw invalidClient();
    return client;
  }

  app.setErrorHandler((error, request, reply: FastifyReply) => {
    if (error instanceof OAuthError) {
      return reply.code(error.status).headers({ ...error.headers, 'Cache-Control': 'no-store' }).send(error.toBody());
    }
    // An outage, a lost race or load shedding (the hooks all routes share): try again later.
    const known = error instanceof ApiError ? error : databaseErrorToApiError(error, app.databaseOutage);
    if (known) {
      const body = { error: known.status >= 500 || known.status === 409 ? 'temporarily_unavailable' : 'invalid_request', error_description: known.message };
      return reply.code(known.status).headers({ ...known.headers, 'Cache-Control': 'no-store' }).send(body);
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'token endpoint failed');
    const body = status < 500 ? { error: 'invalid_request', error_description: 'Malformed request' } : { error: 'server_error', error_description: 'An unexpected error occurred' };
    return reply.code(status < 500 ? status : 500).header('Cache-Control', 'no-store').send(body);
  });

  app.post('/authorizationserver/oauth/token', async (request, reply) => {
    refuseCredentialsInQuery(request);
    const client = await clientOf(request);
    const parsed = tokenRequest.safeParse(request.body);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join('.') || 'grant_type';
      const error = field === 'grant_type' ? 'unsupported_grant_type' : 'invalid_request';
      throw new OAuthError(400, error, `Missing or invalid parameter: ${field}`);
    }
    const input = parsed.data;
    if (!client.grants.includes(input.grant_type)) {
      throw new OAuthError(400, 'unauthorized_client', `Client may not use grant ${input.grant_type}`);
    }
    let tokens;
    if (input.grant_type === 'password') {
      // RFC 9700 §2.4: the password grant is only ever allowed for our own confidential storefront.
      if (!client.confidential) throw new OAuthError(400, 'unauthorized_client', 'Password grant requires a confidential client');
      tokens = unwrap(await passwordGrant(db, ttls, client, { username: input.username, password: input.password, address: request.ip }, { limits, checkPassword }), grantProblemToOAuthError);
    } else if (input.grant_type === 'client_credentials') {
      tokens = await clientCredentialsGrant(db, ttls, client);
    } else {
      tokens = unwrap(await refreshGrant(db, ttls, app.principals, client, input.refresh_token), grantProblemToOAuthError);
    }
    return reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache').send(tokens);
  });

  app.post('/authorizationserver/oauth/revoke', async (request, reply) => {
    refuseCredentialsInQuery(request);
    const client = await clientOf(request);
    const parsed = revokeRequest.safeParse(request.body);
    if (!parsed.success) throw new OAuthError(400, 'invalid_request', 'Missing parameter: token');
    await revokeToken(db, app.principals, client, parsed.data.token);
    return reply.header('Cache-Control', 'no-store').send({});
  });
}
