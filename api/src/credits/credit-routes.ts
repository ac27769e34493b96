import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/bearer';
import { creditProblemToApiError } from './problem-answers';
import { unwrap } from '../errors/reply';
import { parseInput } from '../http/validate';
import { getUserCreditRequest, listUserCreditRequests } from './credit-reads';
import { CREDIT_STATUSES } from './credit-status';
import { creditRequestJson, creditRequestListJson } from './credit-view';

export const creditCodeParams = z.object({ code: z.string().regex(/^[A-Za-z0-9-]{1,32}$/, 'must be a credit request code') });
const listQuery = z.object({ status: z.enum(CREDIT_STATUSES).optional() });

/**
 * The customer's credit requests (docs/after-delivery.md "Credit requests"): those of the user's ship-tos, with
 * status, lines and the credited amount; any other ship-to's answer 404.
 */
export async function creditRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.get('/users/current/creditrequests', { schema: { response: { 200: creditRequestListJson } } }, async (request) => {
    const user = currentUser(request);
    const { status } = parseInput(listQuery, request.query, 'query');
    return listUserCreditRequests(db, user.id, status);
  });

  app.get('/users/current/creditrequests/:code', { schema: { response: { 200: creditRequestJson } } }, async (request) => {
    const user = currentUser(request);
    const { code } = parseInput(creditCodeParams, request.params, 'params');
    return unwrap(await getUserCreditRequest(db, user.id, code), creditProblemToApiError);
  });
}
