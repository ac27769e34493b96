import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registrationDecisionProblemToApiError } from './problem-answers';
import { customerCode } from '../../accounts/customer-codes';
import { unwrap } from '../../errors/reply';
import { parseInput } from '../../http/validate';
import { allow, currentOperator } from '../auth/admin-guard';
import { SERVICE_ROLES } from '../auth/roles';
import { approveRegistration, declineRegistration, listRegistrations } from './registration-decisions';

const listQuery = z.object({
  status: z.enum(['unconfirmed', 'confirmed', 'approved', 'declined']).default('confirmed'),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const code = z.string().trim().min(1, 'is required').max(20, 'must be at most 20 characters').transform(customerCode);
const approvalBody = z.object({
  soldTo: code,
  shipTos: z
    .array(code)
    .min(1, 'choose at least one ship-to')
    .max(50, 'must be at most 50 ship-tos')
    .refine((list) => new Set(list).size === list.length, 'must not repeat a ship-to'),
  roles: z.array(z.enum(['approver', 'admin'])).max(2).default([]).transform((list) => [...new Set(list)]),
});
const declineBody = z.object({ reason: z.string().trim().min(1, 'is required').max(1000, 'must be at most 1000 characters') });

/** Registration requests in the back office (docs/people.md "Registration requests"): customer service decides. */
export async function adminRegistrationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.get('/registrations', { preHandler: allow(SERVICE_ROLES) }, async (request) => {
    const query = parseInput(listQuery, request.query, 'query');
    return { ...(await listRegistrations(db, query.status, query.page, query.pageSize)), page: query.page, pageSize: query.pageSize };
  });

  app.post('/registrations/:id/approval', { preHandler: allow(SERVICE_ROLES) }, async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    const body = parseInput(approvalBody, request.body, 'body');
    const approved = await approveRegistration(db, { id: currentOperator(request).id, cause: request.cause }, id, body, app.clock(), app.mailTokenKey);
    return unwrap(approved, registrationDecisionProblemToApiError);
  });

  app.post('/registrations/:id/decline', { preHandler: allow(SERVICE_ROLES) }, async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    const { reason } = parseInput(declineBody, request.body, 'body');
    return unwrap(await declineRegistration(db, { id: currentOperator(request).id, cause: request.cause }, id, reason, app.clock()), registrationDecisionProblemToApiError);
  });
}
