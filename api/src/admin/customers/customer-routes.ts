import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readReminderSetting, setReminderHours, MAX_REMINDER_HOURS } from '../../cutoff-reminders/reminder-settings';
import { customerProblemToApiError } from '../problem-answers';
import { reminderSettingProblemToApiError } from '../../cutoff-reminders/problem-answers';
import { unwrap } from '../../errors/reply';
import { parseInput } from '../../http/validate';
import { allow, currentOperator } from '../auth/admin-guard';
import { SERVICE_ROLES } from '../auth/roles';
import { listCustomers, unconfiguredUsers } from './customer-directory';
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

export async function adminCustomerRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.get('/customers', { preHandler: allow(SERVICE_ROLES) }, async (request) => {
    const query = parseInput(customerQuery, request.query, 'query');
    const found = await listCustomers(db, query.q || undefined, query.page, query.pageSize, app.deps.config.cutoffReminderHours);
    return { ...found, unconfiguredUsers: query.page === 0 && !query.q ? await unconfiguredUsers(db) : [], page: query.page, pageSize: query.pageSize };
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

  app.post('/users/:username/:action', { preHandler: allow(SERVICE_ROLES) }, async (request) => {
    const { username, action } = parseInput(userParams, request.params, 'params');
    const changed = unwrap(await changeUserStatus(db, currentOperator(request).id, username, action), customerProblemToApiError);
    // This process forgets the user's cached tokens at once; others within TOKEN_CACHE_SECONDS.
    app.principals.forgetUser(changed.userId);
    return { username: username.toLowerCase(), ...changed.state };
  });
}
