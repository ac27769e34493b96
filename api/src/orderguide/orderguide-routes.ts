import type { FastifyInstance } from 'fastify';
import { findShipToScope } from '../accounts/ship-tos';
import { currentUser } from '../auth/bearer';
import { accountProblemToApiError } from '../accounts/problem-answers';
import { orderGuideProblemToApiError } from './problem-answers';
import { unwrap } from '../errors/reply';
import { parseInput } from '../http/validate';
import { GuideStatsCache } from './guide-stats';
import { orderGuide } from './order-guide';
import { guideQuery, parBody, parParams, scopeQuery } from './orderguide-schemas';
import { clearParLevel, setParLevel } from './par-levels';

/** "Usual items" and par levels (docs/decisions-left-open.md#weekly-ordering), scoped to a ship-to and range the caller holds (else 404). */
export async function orderGuideRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const stats = new GuideStatsCache();

  const scopeOf = async (request: Parameters<typeof currentUser>[0]) => {
    const { shipTo, salesOrg } = parseInput(scopeQuery, request.query, 'query');
    return unwrap(await findShipToScope(db, currentUser(request).id, shipTo, salesOrg), accountProblemToApiError);
  };

  app.get('/users/current/orderguide', async (request) => {
    const { currentPage, pageSize } = parseInput(guideQuery, request.query, 'query');
    const scope = await scopeOf(request);
    const guide = await orderGuide(db, stats, scope, app.clock(), { currentPage, pageSize });
    return { shipTo: scope.shipToCode, salesOrg: scope.range, ...guide };
  });

  app.put('/users/current/orderguide/:productCode', async (request) => {
    const { productCode } = parseInput(parParams, request.params, 'params');
    const { parLevel } = parseInput(parBody, request.body, 'body');
    const scope = await scopeOf(request);
    unwrap(await setParLevel(db, scope, productCode, parLevel), orderGuideProblemToApiError);
    return { productCode, parLevel };
  });

  app.delete('/users/current/orderguide/:productCode', async (request, reply) => {
    const { productCode } = parseInput(parParams, request.params, 'params');
    unwrap(await clearParLevel(db, await scopeOf(request), productCode), orderGuideProblemToApiError);
    return reply.code(204).send();
  });
}
