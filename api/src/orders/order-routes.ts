import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assistedBy } from '../auth/assisted-rules';
import { findShipToScope, RANGES } from '../accounts/ship-tos';
import { currentUser } from '../auth/bearer';
import { accountProblemToApiError } from '../accounts/problem-answers';
import { cartProblemToApiError } from '../carts/problem-answers';
import { checkoutProblemToApiError, companyOrdersProblemToApiError, orderChangeProblemToApiError, orderNotFound } from './problem-answers';
import { unwrap } from '../errors/reply';
import { badRequest } from '../http/errors';
import { parseInput } from '../http/validate';
import { isValidIsoDate } from '../time/calendar-date';
import { ORDER_STATUSES } from '../order-status/order-status';
import { amendOrder, previewAmendment } from './amend-order';
import { amendBody } from './amend-schema';
import { cancelOrder } from './cancel-order';
import { companyOrders } from './company-orders';
import { findOwnedOrder, orderHistoryReader } from './order-queries';
import { orderForPage } from './order-page';
import { orderView } from './order-view';
import { placeOrder } from './place-order';
import { reorder } from './reorder';

const shipTo = z.string().trim().min(1).max(20);
export const placeQuery = z.object({ cartId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a cart code or active'), shipTo: shipTo.optional(), salesOrg: z.enum(RANGES).optional() });
export const historyQuery = z.object({
  shipTo,
  salesOrg: z.enum(RANGES),
  currentPage: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  fields: z.enum(['BASIC', 'DEFAULT', 'FULL']).optional(),
});
const code = z.string().trim().min(1).max(20).regex(/^[A-Za-z0-9_.-]+$/, 'must be a code');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD').refine(isValidIsoDate, 'must be a real date');
/** `mine` (the default): the caller's own orders at the active ship-to and range; `company`: see below. */
const historyScope = z.object({ scope: z.enum(['mine', 'company']).default('mine') });
/** `scope=company`: head office's view of its sites' orders (orders/company-orders.ts). */
export const companyHistoryQuery = z
  .object({
    scope: z.literal('company'),
    site: code.optional(),
    buyer: z.string().trim().min(1).max(254).optional(),
    status: z.enum(ORDER_STATUSES).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    period: z.enum(['WEEK', 'MONTH']).optional(),
    periodDate: isoDate.optional(),
    heldOrder: z.string().regex(/^[A-Za-z0-9-]{1,32}$/, 'must be an order code').optional(),
    currentPage: z.coerce.number().int().min(0).max(100_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    fields: z.enum(['BASIC', 'DEFAULT', 'FULL']).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'must be on or after from' })
  .refine((query) => query.period || (!query.periodDate && !query.heldOrder), { path: ['period'], message: 'is needed with periodDate or heldOrder' });
export const orderParams = z.object({ code: z.string().regex(/^[A-Za-z0-9-]{1,32}$/, 'must be an order code') });

/** Printable ASCII, as in the IETF Idempotency-Key draft's examples (UUIDs and the like). */
function idempotencyKey(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  const key = value?.trim() ?? '';
  if (!/^[\x21-\x7e]{1,100}$/.test(key)) {
    throw badRequest('Idempotency-Key', 'The Idempotency-Key header is required: 1 to 100 printable characters, e.g. a UUID');
  }
  return key;
}

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const orderHistory = orderHistoryReader(db);

  app.post('/users/current/orders', async (request, reply) => {
    const user = currentUser(request);
    const query = parseInput(placeQuery, request.query, 'query');
    const key = idempotencyKey(request.headers['idempotency-key']);
    const operator = assistedBy(request);
    const placingOperator = operator ? { id: operator.operatorId, name: operator.operatorName, email: operator.operatorEmail } : null;
    const placedBy = { customerId: user.customerId, name: user.name, email: user.email, operator: placingOperator, cause: request.cause };
    const record = unwrap(await placeOrder(db, { userId: user.id, ...query, idempotencyKey: key, placedBy }, app.clock), checkoutProblemToApiError);
    return reply.code(201).send(orderView(record, app.clock()));
  });

  app.get('/users/current/orders', async (request) => {
    const user = currentUser(request);
    if (parseInput(historyScope, request.query, 'query').scope === 'company') {
      const filter = parseInput(companyHistoryQuery, request.query, 'query');
      return unwrap(await companyOrders(db, user.id, filter, app.clock()), companyOrdersProblemToApiError);
    }
    const query = parseInput(historyQuery, request.query, 'query');
    const scope = unwrap(await findShipToScope(db, user.id, query.shipTo, query.salesOrg), accountProblemToApiError);
    const page = await orderHistory(user.id, scope, query.currentPage, query.pageSize);
    const now = app.clock();
    return {
      orders: page.orders.map((order) => orderView(order, now)),
      pagination: {
        currentPage: query.currentPage,
        pageSize: query.pageSize,
        totalPages: Math.ceil(page.totalResults / query.pageSize),
        totalResults: page.totalResults,
        sort: 'byDate',
      },
      sorts: [{ code: 'byDate', name: 'Newest first', selected: true }],
    };
  });

  app.get('/users/current/orders/:code', async (request) => {
    const { code } = parseInput(orderParams, request.params, 'params');
    return unwrap(await orderForPage(db, currentUser(request).id, code, app.clock()), orderChangeProblemToApiError);
  });

  app.put('/users/current/orders/:code', async (request) => {
    const user = currentUser(request);
    const { code } = parseInput(orderParams, request.params, 'params');
    const amendment = parseInput(amendBody, request.body, 'body');
    const record = unwrap(await amendOrder(db, app.clock, { ...user, cause: request.cause }, code, amendment), orderChangeProblemToApiError);
    return orderView(record, app.clock());
  });

  // What saving these changes would do to the order's approval, before it is saved (nothing is written).
  app.post('/users/current/orders/:code/amendmentcheck', async (request) => {
    const user = currentUser(request);
    const { code } = parseInput(orderParams, request.params, 'params');
    const amendment = parseInput(amendBody, request.body, 'body');
    return unwrap(await previewAmendment(db, app.clock, user.id, code, amendment), orderChangeProblemToApiError);
  });

  app.post('/users/current/orders/:code/cancel', async (request) => {
    const user = currentUser(request);
    const { code } = parseInput(orderParams, request.params, 'params');
    const record = unwrap(await cancelOrder(db, app.clock, { ...user, cause: request.cause }, code), orderChangeProblemToApiError);
    return orderView(record, app.clock());
  });

  app.post('/users/current/orders/:code/reorder', async (request) => {
    const user = currentUser(request);
    const { code } = parseInput(orderParams, request.params, 'params');
    const record = await findOwnedOrder(db, user.id, code);
    if (!record) throw orderNotFound(code);
    const changed = unwrap(await reorder(db, user.id, record), cartProblemToApiError);
    return { ...changed.outcome, cart: changed.view };
  });
}
