import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { unwrap } from '../../errors/reply';
import { parseInput } from '../../http/validate';
import { newPromotionBody, promotionChangeBody, promotionCode } from '../../pricing/promotions/promotion-input';
import { createPromotion, endPromotion, updatePromotion } from '../../pricing/promotions/promotion-writer';
import { londonWallClock } from '../../time/london-time';
import { allow, currentOperator } from '../auth/admin-guard';
import { CATALOGUE_ROLES, SERVICE_ROLES } from '../auth/roles';
import { promotionProblemToApiError } from './problem-answers';
import { findPromotion, listPromotions, promotionView } from './promotion-directory';

const listQuery = z.object({
  status: z.enum(['live', 'scheduled', 'ended', 'all']).default('all'),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const codeParams = z.object({ code: promotionCode });

const strings = { type: 'array', items: { type: 'string' } } as const;
const nullableInteger = { type: ['integer', 'null'] } as const;
const promotionAnswer = {
  type: 'object',
  properties: {
    code: { type: 'string' },
    name: { type: 'string' },
    kind: { type: 'string' },
    value: { type: 'integer' },
    buyQuantity: nullableInteger,
    freeQuantity: nullableInteger,
    minQuantity: { type: 'integer' },
    who: { type: 'string' },
    audience: strings,
    what: { type: 'string' },
    targets: strings,
    validFrom: { type: 'string' },
    validTo: { type: 'string' },
    endedAt: { type: ['string', 'null'] },
    status: { type: 'string', enum: ['scheduled', 'live', 'ended'] },
    version: { type: 'integer' },
    updatedAt: { type: 'string' },
  },
} as const;
const listAnswer = {
  type: 'object',
  properties: { promotions: { type: 'array', items: promotionAnswer }, hasMore: { type: 'boolean' }, page: { type: 'integer' }, pageSize: { type: 'integer' } },
} as const;

/**
 * Promotions in the back office (docs/promotions.md): customer service may look, only those who may change
 * prices write. Each write answers the promotion as it now stands on today's London date.
 */
export async function adminPromotionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const today = () => londonWallClock(app.clock()).date;
  const readers = { preHandler: allow(SERVICE_ROLES) };
  const writers = { preHandler: allow(CATALOGUE_ROLES) };

  app.get('/promotions', { ...readers, schema: { response: { 200: listAnswer } } }, async (request) => {
    const query = parseInput(listQuery, request.query, 'query');
    return { ...(await listPromotions(db, { ...query, q: query.q || undefined }, today())), page: query.page, pageSize: query.pageSize };
  });

  app.get('/promotions/:code', { ...readers, schema: { response: { 200: promotionAnswer } } }, async (request) => {
    const { code } = parseInput(codeParams, request.params, 'params');
    return unwrap(await findPromotion(db, code, today()), promotionProblemToApiError);
  });

  app.post('/promotions', { ...writers, schema: { response: { 201: promotionAnswer } } }, async (request, reply) => {
    const input = parseInput(newPromotionBody, request.body, 'body');
    const row = unwrap(await createPromotion(db, { operatorId: currentOperator(request).id }, input, app.clock()), promotionProblemToApiError);
    return reply.code(201).send(promotionView(row, today()));
  });

  app.put('/promotions/:code', { ...writers, schema: { response: { 200: promotionAnswer } } }, async (request) => {
    const { code } = parseInput(codeParams, request.params, 'params');
    const change = parseInput(promotionChangeBody, request.body, 'body');
    const row = unwrap(await updatePromotion(db, { operatorId: currentOperator(request).id }, code, change, app.clock()), promotionProblemToApiError);
    return promotionView(row, today());
  });

  app.post('/promotions/:code/end', { ...writers, schema: { response: { 200: promotionAnswer } } }, async (request) => {
    const { code } = parseInput(codeParams, request.params, 'params');
    const row = unwrap(await endPromotion(db, { operatorId: currentOperator(request).id }, code, app.clock()), promotionProblemToApiError);
    return promotionView(row, today());
  });
}
