import type { FastifyInstance } from 'fastify';
import { findShipToScope } from '../accounts/ship-tos';
import { currentUser } from '../auth/bearer';
import { accountProblemToApiError } from '../accounts/problem-answers';
import { standingOrderProblemToApiError } from './problem-answers';
import { unwrap } from '../errors/reply';
import type { Result } from '../errors/result';
import { parseInput } from '../http/validate';
import { changeDelivery, readDelivery } from './delivery-service';
import type { StandingOrderProblem } from './problems';
import { actionParams, codeParams, createBody, deliveryBody, deliveryParams, filterQuery, listQuery, updateBody } from './standing-schemas';
import {
  changeStandingOrderStatus,
  createStandingOrder,
  presentStandingOrders,
  readStandingOrder,
  updateStandingOrder,
} from './standing-order-service';
import { listStandingOrders } from './standing-queries';

/** The value of a standing-order use case, or its problem as the error catalogue answers it. */
const answer = <T>(result: Result<T, StandingOrderProblem>): T => unwrap(result, standingOrderProblemToApiError);

/** Standing orders and their deliveries (docs/ordering-rules.md), under /users/current/standingorders. */
export async function standingOrderRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.get('/users/current/standingorders', async (request) => {
    const user = currentUser(request);
    const query = parseInput(listQuery, request.query, 'query');
    const scope = unwrap(await findShipToScope(db, user.id, query.shipTo, query.salesOrg), accountProblemToApiError);
    const rows = await listStandingOrders(db, user.id, scope);
    return {
      standingOrders: await presentStandingOrders(db, app.clock, rows.map((standingOrder) => ({ standingOrder, scope }))),
      deliveryWeekdays: scope.deliveryWeekdays,
      cutoffTime: scope.cutoffTime,
    };
  });

  app.post('/users/current/standingorders', async (request, reply) => {
    const user = currentUser(request);
    const query = parseInput(listQuery, request.query, 'query');
    const body = parseInput(createBody, request.body, 'body');
    const created = answer(await createStandingOrder(db, app.clock, { userId: user.id, cause: request.cause, shipTo: query.shipTo, salesOrg: query.salesOrg, ...body }));
    return reply.code(201).send(created);
  });

  app.get('/users/current/standingorders/:code', async (request) => {
    const { code } = parseInput(codeParams, request.params, 'params');
    const filter = parseInput(filterQuery, request.query, 'query');
    return answer(await readStandingOrder(db, app.clock, currentUser(request).id, code, filter));
  });

  app.put('/users/current/standingorders/:code', async (request) => {
    const { code } = parseInput(codeParams, request.params, 'params');
    const filter = parseInput(filterQuery, request.query, 'query');
    const body = parseInput(updateBody, request.body, 'body');
    return answer(await updateStandingOrder(db, app.clock, currentUser(request).id, code, filter, body, request.cause));
  });

  app.post('/users/current/standingorders/:code/:action', async (request) => {
    const { code, action } = parseInput(actionParams, request.params, 'params');
    const filter = parseInput(filterQuery, request.query, 'query');
    return answer(await changeStandingOrderStatus(db, app.clock, currentUser(request).id, code, filter, action));
  });

  app.get('/users/current/standingorders/:code/deliveries/:date', async (request) => {
    const { code, date } = parseInput(deliveryParams, request.params, 'params');
    const filter = parseInput(filterQuery, request.query, 'query');
    return answer(await readDelivery(db, currentUser(request).id, code, filter, date));
  });

  app.put('/users/current/standingorders/:code/deliveries/:date', async (request) => {
    const { code, date } = parseInput(deliveryParams, request.params, 'params');
    const filter = parseInput(filterQuery, request.query, 'query');
    const body = parseInput(deliveryBody, request.body, 'body');
    return answer(await changeDelivery(db, app.clock, currentUser(request).id, code, filter, date, body));
  });
}
