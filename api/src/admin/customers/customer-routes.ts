import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RANGES } from '../../accounts/ship-tos';
import { readReminderSetting, setReminderHours, MAX_REMINDER_HOURS } from '../../cutoff-reminders/reminder-settings';
import { customerProblemToApiError } from '../problem-answers';
import { reminderSettingProblemToApiError } from '../../cutoff-reminders/problem-answers';
import { unwrap } from '../../errors/reply';
import { parseInput } from '../../http/validate';
import { allow, currentOperator } from '../auth/admin-guard';
import { CUSTOMER_ROLES, SERVICE_ROLES } from '../auth/roles';
import { customerScopeOf } from '../operators/customer-scope';
import { listCustomers, unconfiguredUsers } from './customer-directory';
import { readMinimumOrder, setMinimumOrder, type MinimumOrder } from './minimum-order';
import { changeUserStatus } from './user-status';

const customerQuery = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const userParams = z.object({
  username: z.string().trim().min(3).max(254).regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address'),
  action: z.enum(['disable', 'enable', 'unlock']),
});

const shipToParams = z.object({ code: z.string().trim().min(1).max(20).regex(/^[A-Za-z0-9_-]+$/, 'must be a ship-to code') });
const reminderBody = z.strictObject({
  hours: z.number().int('must be whole hours').min(0).max(MAX_REMINDER_HOURS).nullable(),
});
const reminderSetting = {
  type: 'object',
  required: ['shipTo', 'hours', 'own', 'defaultHours'],
  properties: { shipTo: { type: 'string' }, hours: { type: 'integer' }, own: { type: 'boolean' }, defaultHours: { type: 'integer' } },
} as const;

const rangeParams = shipToParams.extend({ range: z.enum(RANGES) });
/** Pounds as whole pence, at most £100,000.00: a minimum or charge beyond that is a typing slip. */
const positivePence = z.number().int('must be whole pence').min(1).max(10_000_000);
const minimumOrderBody = z.union([
  z.strictObject({ minimumOrderPence: z.null(), belowMinimum: z.null().optional(), deliveryChargePence: z.null().optional() }),
  z.strictObject({ minimumOrderPence: positivePence, belowMinimum: z.literal('charge'), deliveryChargePence: positivePence }),
  z.strictObject({ minimumOrderPence: positivePence, belowMinimum: z.literal('refuse'), deliveryChargePence: z.null().optional() }),
]);
const asMinimumOrder = (body: z.infer<typeof minimumOrderBody>): MinimumOrder => {
  if (body.minimumOrderPence === null) return { minimumOrderPence: null, belowMinimum: null, deliveryChargePence: null };
  if (body.belowMinimum === 'charge') return body;
  return { minimumOrderPence: body.minimumOrderPence, belowMinimum: 'refuse', deliveryChargePence: null };
};
const nullableInteger = { type: ['integer', 'null'] } as const;
const minimumOrderSetting = {
  type: 'object',
  required: ['shipTo', 'range', 'minimumOrder'],
  properties: {
    shipTo: { type: 'string' },
    range: { type: 'string' },
    minimumOrder: {
      type: 'object',
      required: ['minimumOrderPence', 'belowMinimum', 'deliveryChargePence'],
      properties: { minimumOrderPence: nullableInteger, belowMinimum: { type: ['string', 'null'] }, deliveryChargePence: nullableInteger },
    },
  },
} as const;

export async function adminCustomerRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  // A rep finds only the sold-tos assigned to them (admin/operators/customer-scope.ts); users of no sold-to are
  // nobody's customers, so only those who look after every customer see them.
  app.get('/customers', { preHandler: allow(CUSTOMER_ROLES) }, async (request) => {
    const query = parseInput(customerQuery, request.query, 'query');
    const operator = currentOperator(request);
    const found = await listCustomers(db, await customerScopeOf(db, operator), query.q || undefined, query.page, query.pageSize, app.deps.config.cutoffReminderHours);
    const listsUnconfigured = SERVICE_ROLES.includes(operator.role) && query.page === 0 && !query.q;
    return { ...found, unconfiguredUsers: listsUnconfigured ? await unconfiguredUsers(db) : [], page: query.page, pageSize: query.pageSize };
  });

  // A ship-to's cut-off reminder hours (docs/phone.md "Cut-off reminders"): its own, or null for CUTOFF_REMINDER_HOURS.
  app.get('/shiptos/:code/cutoffreminder', { preHandler: allow(SERVICE_ROLES), schema: { response: { 200: reminderSetting } } }, async (request) => {
    const { code } = parseInput(shipToParams, request.params, 'params');
    return unwrap(await readReminderSetting(db, code, app.deps.config.cutoffReminderHours), reminderSettingProblemToApiError);
  });

  app.put('/shiptos/:code/cutoffreminder', { preHandler: allow(SERVICE_ROLES), schema: { response: { 200: reminderSetting } } }, async (request) => {
    const { code } = parseInput(shipToParams, request.params, 'params');
    const { hours } = parseInput(reminderBody, request.body, 'body');
    const changed = await setReminderHours(db, currentOperator(request).id, code, hours, app.deps.config.cutoffReminderHours);
    return unwrap(changed, reminderSettingProblemToApiError);
  });

  // A ship-to's minimum order for a range (docs/minimum-order.md): a delivery charge below it, or a refusal.
  app.get('/shiptos/:code/ranges/:range/minimumorder', { preHandler: allow(SERVICE_ROLES), schema: { response: { 200: minimumOrderSetting } } }, async (request) => {
    const { code, range } = parseInput(rangeParams, request.params, 'params');
    return unwrap(await readMinimumOrder(db, code, range), customerProblemToApiError);
  });

  app.put('/shiptos/:code/ranges/:range/minimumorder', { preHandler: allow(SERVICE_ROLES), schema: { response: { 200: minimumOrderSetting } } }, async (request) => {
    const { code, range } = parseInput(rangeParams, request.params, 'params');
    const body = parseInput(minimumOrderBody, request.body, 'body');
    return unwrap(await setMinimumOrder(db, currentOperator(request).id, code, range, asMinimumOrder(body)), customerProblemToApiError);
  });

  app.post('/users/:username/:action', { preHandler: allow(SERVICE_ROLES) }, async (request) => {
    const { username, action } = parseInput(userParams, request.params, 'params');
    const changed = unwrap(await changeUserStatus(db, currentOperator(request).id, username, action), customerProblemToApiError);
    // This process forgets the user's cached tokens at once; others within TOKEN_CACHE_SECONDS.
    app.principals.forgetUser(changed.userId);
    return { username: username.toLowerCase(), ...changed.state };
  });
}
