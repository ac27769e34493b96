import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RANGES } from '../accounts/ship-tos';
import { currentUser } from '../auth/bearer';
import { unwrap } from '../errors/reply';
import { parseInput } from '../http/validate';
import { backInStockProblemToApiError } from './problem-answers';
import { requestBackInStock } from './request-back-in-stock';

const scopeQuery = z.object({ shipTo: z.string().min(1).max(20), salesOrg: z.enum(RANGES) });
const askBody = z.object({ productCode: z.string().trim().min(1).max(40) }).strict();
const askAnswer = { type: 'object', properties: { productCode: { type: 'string' }, outcome: { type: 'string', enum: ['requested', 'waiting'] } } } as const;

/** "Tell me when it is back" for a signed-in customer (docs/stock.md). */
export async function backInStockRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.post('/users/current/backinstock', { schema: { response: { 200: askAnswer, 201: askAnswer } } }, async (request, reply) => {
    const user = currentUser(request);
    const { shipTo, salesOrg } = parseInput(scopeQuery, request.query, 'query');
    const { productCode } = parseInput(askBody, request.body, 'body');
    const outcome = unwrap(await requestBackInStock(db, { userId: user.id, shipTo, range: salesOrg, productCode }, app.clock()), backInStockProblemToApiError);
    return reply.code(outcome === 'requested' ? 201 : 200).send({ productCode, outcome });
  });
}
