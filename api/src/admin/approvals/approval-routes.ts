import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { decidedOrderView, operatorApprovalQueue } from '../../approvals/decision-queue';
import { decideAsOperator } from '../../approvals/decisions';
import { codeParams, decisionBody } from '../../approvals/decisions-routes';
import { standingCodeParams, standingDecisionView } from '../../standing-orders/standing-decision-routes';
import { decideStandingAsOperator, operatorStandingQueue } from '../../standing-orders/standing-decisions';
import { approvalProblemToApiError } from '../../approvals/problem-answers';
import { orderNotFound } from '../../orders/problem-answers';
import { unwrap } from '../../errors/reply';
import { parseInput } from '../../http/validate';
import { allow, currentOperator } from '../auth/admin-guard';
import { SERVICE_ROLES } from '../auth/roles';

const listQuery = z.object({ decidedBy: z.enum(['operators', 'anyone']).default('operators') });

/**
 * The back office's approvals (docs/approvals.md "Who decides"): held orders whose sold-to has no approver
 * or admin but the buyer fall to operators; `?decidedBy=anyone` also lists those the company decides.
 */
export async function adminApprovalRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const guard = { preHandler: allow(SERVICE_ROLES) };

  app.get('/approvals', guard, async (request) => {
    const { decidedBy } = parseInput(listQuery, request.query, 'query');
    return { orderApprovals: await operatorApprovalQueue(db, app.clock(), decidedBy === 'operators') };
  });

  app.post('/approvals/:code/decision', guard, async (request) => {
    const operator = currentOperator(request);
    const { code } = parseInput(codeParams, request.params, 'params');
    const input = parseInput(decisionBody, request.body, 'body');
    unwrap(await decideAsOperator(db, app.clock, { ...operator, cause: request.cause }, code, input), approvalProblemToApiError);
    const view = await decidedOrderView(db, code, app.clock());
    if (!view) throw orderNotFound(code);
    return view;
  });

  app.get('/standingorderapprovals', guard, async (request) => {
    const { decidedBy } = parseInput(listQuery, request.query, 'query');
    return { standingOrderApprovals: await operatorStandingQueue(db, decidedBy === 'anyone') };
  });

  app.post('/standingorderapprovals/:code/decision', guard, async (request) => {
    const operator = currentOperator(request);
    const { code } = parseInput(standingCodeParams, request.params, 'params');
    const input = parseInput(decisionBody, request.body, 'body');
    return standingDecisionView(unwrap(await decideStandingAsOperator(db, operator, code, input), approvalProblemToApiError));
  });
}
