import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RANGES, requireShipToScope } from '../accounts/ship-tos';
import { currentUser } from '../auth/bearer';
import { parseInput } from '../http/validate';
import { orderableDeliveryDates } from './delivery-dates';

export const deliveryDatesQuery = z.object({ shipTo: z.string().min(1).max(20), salesOrg: z.enum(RANGES) });

export async function deliveryRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.get('/users/current/deliverydates', async (request) => {
    const user = currentUser(request);
    const { shipTo, salesOrg } = parseInput(deliveryDatesQuery, request.query, 'query');
    const scope = await requireShipToScope(db, user.id, shipTo, salesOrg);
    return { deliveryDates: orderableDeliveryDates(app.clock(), scope) };
  });
}
