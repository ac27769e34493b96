import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isValidIsoDate } from '../../time/calendar-date';
import { RANGES } from '../../accounts/ship-tos';
import { orderNotFound } from '../../orders/problem-answers';
import { parseInput } from '../../http/validate';
import { findOrderForOperator, searchOrders, type FoundOrder } from '../../orders/order-search';
import { orderView } from '../../orders/order-view';
import { allow } from '../auth/admin-guard';
import { SERVICE_ROLES } from '../auth/roles';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD').refine(isValidIsoDate, 'must be a real date');
const orderQuery = z.object({
  shipTo: z.string().trim().min(1).max(20).regex(/^[A-Za-z0-9_.-]+$/, 'must be a ship-to code').optional(),
  range: z.enum(RANGES).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const orderParams = z.object({ code: z.string().regex(/^[A-Za-z0-9-]{1,32}$/, 'must be an order code') });

/** The customer's order view (orders/order-view.ts), plus who placed it: operators see every customer's. */
const operatorOrderView = (found: FoundOrder, now: Date) => ({ ...orderView(found, now), placedBy: found.placedBy });

export async function adminOrderRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.get('/orders', { preHandler: allow(SERVICE_ROLES) }, async (request) => {
    const filter = parseInput(orderQuery, request.query, 'query');
    const found = await searchOrders(db, filter);
    const now = app.clock();
    return { orders: found.orders.map((order) => operatorOrderView(order, now)), page: filter.page, pageSize: filter.pageSize, hasMore: found.hasMore };
  });

  app.get('/orders/:code', { preHandler: allow(SERVICE_ROLES) }, async (request) => {
    const { code } = parseInput(orderParams, request.params, 'params');
    const found = await findOrderForOperator(db, code);
    if (!found) throw orderNotFound(code);
    return operatorOrderView(found, app.clock());
  });
}
