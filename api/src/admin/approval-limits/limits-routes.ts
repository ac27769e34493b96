import type { FastifyInstance } from 'fastify';
import { createLimit, deleteLimit, listLimits, updateLimit, type LimitScope } from '../../approvals/limits';
import { limitBody, limitChangeBody, limitParams, soldToQuery } from '../../approvals/limits-schemas';
import { limitProblemToApiError } from '../../approvals/limits-problem-answers';
import { unwrap } from '../../errors/reply';
import { parseInput } from '../../http/validate';
import { allow, currentOperator } from '../auth/admin-guard';
import { SERVICE_ROLES } from '../auth/roles';

/** Operators manage the limits of any sold-to, with the same rules as a company admin (docs/approvals.md "Limits"). */
export async function adminLimitRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const scope = (request: Parameters<typeof currentOperator>[0]): LimitScope => ({ kind: 'operator', operatorId: currentOperator(request).id, cause: request.cause });
  const guard = { preHandler: allow(SERVICE_ROLES) };

  app.get('/approvalpermissions', guard, async (request) => {
    const { soldTo } = parseInput(soldToQuery, request.query, 'query');
    return { orderApprovalPermissions: unwrap(await listLimits(db, scope(request), soldTo), limitProblemToApiError) };
  });

  app.post('/approvalpermissions', guard, async (request, reply) => {
    const body = parseInput(limitBody, request.body, 'body');
    return reply.code(201).send(unwrap(await createLimit(db, scope(request), body, app.clock()), limitProblemToApiError));
  });

  app.patch('/approvalpermissions/:code', guard, async (request) => {
    const { code } = parseInput(limitParams, request.params, 'params');
    const body = parseInput(limitChangeBody, request.body, 'body');
    return unwrap(await updateLimit(db, scope(request), code, body, app.clock()), limitProblemToApiError);
  });

  app.delete('/approvalpermissions/:code', guard, async (request, reply) => {
    const { code } = parseInput(limitParams, request.params, 'params');
    unwrap(await deleteLimit(db, scope(request), code, app.clock()), limitProblemToApiError);
    return reply.code(204).send();
  });
}
