import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { decisionBody } from '../approvals/decisions-routes';
import { approvalProblemToApiError } from '../approvals/problem-answers';
import { currentUser } from '../auth/bearer';
import { unwrap } from '../errors/reply';
import { parseInput } from '../http/validate';
import { money } from '../pricing/money';
import { decideStandingAsUser, userStandingQueue } from './standing-decisions';

export const standingCodeParams = z.object({ code: z.string().regex(/^[A-Za-z0-9-]{1,32}$/, 'must be a standing order code') });

/** A standing order after a decision: its approval as its own page shows it (standing-view.ts). */
export const standingDecisionView = (row: { code: string; approvalStatus: string; approvedNetPence: number | null }) => ({
  code: row.code,
  approval: { status: row.approvalStatus, approvedTotal: row.approvedNetPence === null ? null : money(row.approvedNetPence) },
});

/** Standing orders waiting for the company's deciders, and their decisions (docs/approvals.md). */
export async function standingDecisionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.get('/users/current/standingorderapprovals', async (request) => {
    const user = currentUser(request);
    return { standingOrderApprovals: await userStandingQueue(db, user.id) };
  });

  app.post('/users/current/standingorderapprovals/:code/decision', { config: { customerOnly: true } }, async (request) => {
    const user = currentUser(request);
    const { code } = parseInput(standingCodeParams, request.params, 'params');
    const input = parseInput(decisionBody, request.body, 'body');
    return standingDecisionView(unwrap(await decideStandingAsUser(db, user, code, input), approvalProblemToApiError));
  });
}
