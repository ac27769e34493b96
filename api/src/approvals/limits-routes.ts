import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/bearer';
import type { Cause } from '../tracing/cause';
import { soldTosWithRole } from '../users/roles';
import { limitProblemToApiError } from './limits-problem-answers';
import { cartProblemToApiError } from '../carts/problem-answers';
import { unwrap } from '../errors/reply';
import { parseInput } from '../http/validate';
import { createLimit, deleteLimit, listLimits, updateLimit, type LimitScope } from './limits';
import { previewApproval } from './limits-preview';
import { approvalCheckQuery, limitBody, limitChangeBody, limitParams } from './limits-schemas';

/**
 * A company admin's limits, within the sold-tos they administer, and the approval check of the current cart
 * that checkout's "Needs approval" notice shows (docs/approvals.md "Limits").
 */
export async function limitRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const adminScope = async (userId: number, cause: Cause): Promise<LimitScope> => ({ kind: 'company', userId, soldTos: await soldTosWithRole(db, userId, 'admin'), cause });

  app.get('/users/current/orderApprovalPermissions', { config: { customerOnly: true } }, async (request) => {
    const scope = await adminScope(currentUser(request).id, request.cause);
    return { orderApprovalPermissions: unwrap(await listLimits(db, scope), limitProblemToApiError) };
  });

  app.post('/users/current/orderApprovalPermissions', { config: { customerOnly: true } }, async (request, reply) => {
    const scope = await adminScope(currentUser(request).id, request.cause);
    const body = parseInput(limitBody, request.body, 'body');
    return reply.code(201).send(unwrap(await createLimit(db, scope, body, app.clock()), limitProblemToApiError));
  });

  app.patch('/users/current/orderApprovalPermissions/:code', { config: { customerOnly: true } }, async (request) => {
    const scope = await adminScope(currentUser(request).id, request.cause);
    const { code } = parseInput(limitParams, request.params, 'params');
    const body = parseInput(limitChangeBody, request.body, 'body');
    return unwrap(await updateLimit(db, scope, code, body, app.clock()), limitProblemToApiError);
  });

  app.delete('/users/current/orderApprovalPermissions/:code', { config: { customerOnly: true } }, async (request, reply) => {
    const scope = await adminScope(currentUser(request).id, request.cause);
    const { code } = parseInput(limitParams, request.params, 'params');
    unwrap(await deleteLimit(db, scope, code, app.clock()), limitProblemToApiError);
    return reply.code(204).send();
  });

  app.get('/users/current/carts/current/approvalcheck', async (request) => {
    const { deliveryDate, ...target } = parseInput(approvalCheckQuery, request.query, 'query');
    return unwrap(await previewApproval(db, currentUser(request).id, target, deliveryDate), cartProblemToApiError);
  });
}
