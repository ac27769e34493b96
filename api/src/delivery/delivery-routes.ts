import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { findShipToScope, RANGES } from '../accounts/ship-tos';
import { currentUser } from '../auth/bearer';
import { accountProblemToApiError } from '../accounts/problem-answers';
import { unwrap } from '../errors/reply';
import { parseInput } from '../http/validate';
import { orderableDeliveryDates } from './delivery-dates';

export const deliveryDatesQuery = z.object({ shipTo: z.string().min(1).max(20), salesOrg: z.enum(RANGES) });

export async function deliveryRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.get('/users/current/deliverydates', async (request) => {
    const user = currentUser(request);
    const { shipTo, salesOrg } = parseInput(deliveryDatesQuery, request.query, 'query');
    const scope = unwrap(await findShipToScope(db, user.id, shipTo, salesOrg), accountProblemToApiError);
    return { deliveryDates: orderableDeliveryDates(app.clock(), scope) };
  });
}
