import type { FastifyInstance } from 'fastify';
import { unwrap } from '../../errors/reply';
import { parseInput } from '../../http/validate';
import { applyStockFeed } from '../../stock/apply-feed';
import { FEED_BODY_LIMIT, stockFeedBody } from '../../stock/feed-input';
import { stockFeedProblemToApiError } from '../../stock/problem-answers';
import { allowOperatorsOrIntegration } from '../auth/admin-guard';
import { CATALOGUE_ROLES } from '../auth/roles';

const feedAnswer = {
  type: 'object',
  properties: { received: { type: 'integer' }, inserted: { type: 'integer' }, updated: { type: 'integer' }, unchanged: { type: 'integer' } },
} as const;

/** Live stock in from the ERP (integration scope products:write, as its food information) or a catalogue operator (docs/stock.md). */
export async function adminStockRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const guard = { config: { integrationScope: 'products:write' }, preHandler: allowOperatorsOrIntegration(CATALOGUE_ROLES) };

  app.put('/stock', { ...guard, bodyLimit: FEED_BODY_LIMIT, schema: { response: { 200: feedAnswer } } }, async (request) => {
    const { levels } = parseInput(stockFeedBody, request.body, 'body');
    return unwrap(await applyStockFeed(db, levels), stockFeedProblemToApiError);
  });
}
