import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/bearer';
import { approvalProblemToApiError } from './problem-answers';
import { orderNotFound } from '../orders/problem-answers';
import { unwrap } from '../errors/reply';
import { parseInput } from '../http/validate';
import { orderView } from '../orders/order-view';
import { decidedOrderView, userApprovalQueue, userApprovalSummary } from './decision-queue';
import { decideAsUser } from './decisions';
import { resubmitOrder } from './resubmission';

export const codeParams = z.object({ code: z.string().regex(/^[A-Za-z0-9-]{1,32}$/, 'must be an order code') });
/** A rejection needs its comment: checked by the use case, so the answer names the field as the catalogue says. */
export const decisionBody = z.object({
  decision: z.enum(['APPROVE', 'REJECT']),
  comment: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((comment) => (comment ? comment : null)),
  version: z.string().regex(/^[0-9a-f]{16}$/, 'must be the version the order was shown with').optional(),
});
const resubmissionBody = z.object({ deliveryDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)') });

/** Held orders for the company's deciders, and the buyer's way back for an expired one (docs/approvals.md). */
export async function approvalRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.get('/users/current/orderapprovals', async (request) => {
    const user = currentUser(request);
    return { orderApprovals: await userApprovalQueue(db, user.id, app.clock()) };
  });

  // The menu's count and Home's notice: how many wait for this user's decision, and the soonest deadline.
  app.get('/users/current/orderapprovals/summary', async (request) => userApprovalSummary(db, currentUser(request).id, app.clock()));

  app.post('/users/current/orderapprovals/:code/decision', { config: { customerOnly: true } }, async (request) => {
    const user = currentUser(request);
    const { code } = parseInput(codeParams, request.params, 'params');
    const input = parseInput(decisionBody, request.body, 'body');
    unwrap(await decideAsUser(db, app.clock, { ...user, cause: request.cause }, code, input), approvalProblemToApiError);
    const view = await decidedOrderView(db, code, app.clock());
    if (!view) throw orderNotFound(code);
    return view;
  });

  app.post('/users/current/orders/:code/resubmission', async (request) => {
    const user = currentUser(request);
    const { code } = parseInput(codeParams, request.params, 'params');
    const { deliveryDate } = parseInput(resubmissionBody, request.body, 'body');
    return orderView(unwrap(await resubmitOrder(db, app.clock, { ...user, cause: request.cause }, code, deliveryDate), approvalProblemToApiError), app.clock());
  });
}
