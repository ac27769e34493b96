import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { clientErrorLogs } from '../db/schema';
import { tooManyRequests } from '../http/errors';
import { parseInput } from '../http/validate';
import { rateLimitFor } from '../operations/rate-limit';
import { clientErrorReport, type ClientErrorReport } from './client-error-schema';

export const LOGGING_BODY_LIMIT = 16 * 1024;
export const LOGGING_RATE = { name: 'client-error-logs', limit: 60, windowSeconds: 60 };

/** A signed-in caller's own identity wins over whatever the report claims. */
function reporter(request: FastifyRequest, report: ClientErrorReport) {
  const { principal } = request;
  if (principal.kind !== 'user') return { userName: report.userName, customerId: report.customerId };
  return { userName: principal.user.username, customerId: principal.user.customerId };
}

async function storeReport(db: Db, report: ClientErrorReport, who: ReturnType<typeof reporter>, remoteAddress: string) {
  await db.insert(clientErrorLogs).values({
    messageType: report.messageType,
    message: report.message,
    description: report.description ?? null,
    url: report.url ?? null,
    site: report.site ?? null,
    issueType: report.issueType ?? null,
    userName: who.userName ?? null,
    customerId: who.customerId ?? null,
    projectId: report.projectId ?? null,
    remoteAddress,
  });
}

/**
 * POST /logging: the storefront's error reports. No sign-in needed (crashes happen signed out too), but
 * a bearer token is accepted and then names the reporter. Size-capped and rate-limited per address.
 */
export async function loggingRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const perAddress = rateLimitFor(app, LOGGING_RATE);

  // Counted before the body is read, so a flood costs us no parsing.
  const limitAddress = async (request: FastifyRequest) => {
    const allowance = await perAddress.consume(request.ip);
    if (!allowance.allowed) throw tooManyRequests(allowance.retryAfterSeconds);
  };

  app.post('/logging', { bodyLimit: LOGGING_BODY_LIMIT, onRequest: limitAddress }, async (request, reply) => {
    const report = parseInput(clientErrorReport, request.body, 'body', { schemaStripsNulBytes: true });
    await storeReport(db, report, reporter(request, report), request.ip);
    return reply.code(204).send();
  });
}
