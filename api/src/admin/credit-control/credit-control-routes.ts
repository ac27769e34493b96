import type { FastifyInstance, FastifyRequest } from 'fastify';
import { putCreditAccount, type CreditActor } from '../../credit-control/credit-accounts';
import { decideCreditHold } from '../../credit-control/credit-decisions';
import { creditBody, holdCodeParams, holdDecisionBody, soldToParams } from '../../credit-control/credit-input';
import { creditStandingView } from '../../credit-control/credit-routes';
import { creditStandingSchema } from '../../credit-control/credit-schemas';
import { creditHoldQueue, type QueuedHold } from '../../credit-control/hold-queue';
import { creditProblemToApiError } from '../../credit-control/problem-answers';
import { unwrap } from '../../errors/reply';
import { parseInput } from '../../http/validate';
import { money } from '../../pricing/money';
import { actorOf, allow, allowOperatorsOrIntegration, currentOperator } from '../auth/admin-guard';
import { SERVICE_ROLES } from '../auth/roles';

function creditActor(request: FastifyRequest): CreditActor {
  const principal = request.adminPrincipal;
  return { operatorId: principal?.kind === 'operator' ? principal.operator.id : null, by: actorOf(request) };
}

const ref = { type: 'object', properties: { code: { type: 'string' }, name: { type: 'string' } } } as const;
const putAnswer = {
  type: 'object',
  properties: {
    outcome: { type: 'string', enum: ['created', 'updated', 'unchanged'] },
    credit: { type: 'object', properties: { soldTo: { type: 'string' }, limit: { type: 'integer' }, onHold: { type: 'boolean' }, reason: { type: ['string', 'null'] }, updatedAt: { type: 'string' } } },
  },
} as const;
const holdSchema = {
  type: 'object',
  properties: {
    code: { type: 'string' },
    soldTo: ref,
    shipTo: ref,
    buyer: { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string' } } },
    deliveryDate: { type: 'string' },
    cutoff: { type: 'string' },
    totalPriceWithTax: creditStandingSchema.properties.limit,
    hold: { type: 'object', properties: { kind: { type: 'string' }, reason: { type: ['string', 'null'] }, message: { type: 'string' }, heldAt: { type: 'string' } } },
    creditNow: { anyOf: [creditStandingSchema, { type: 'null' }] },
  },
} as const;
const listAnswer = { type: 'object', properties: { creditHolds: { type: 'array', items: holdSchema } } } as const;
const decisionAnswer = { type: 'object', properties: { code: { type: 'string' }, status: { type: 'string' } } } as const;

const holdView = (hold: QueuedHold) => ({
  ...hold,
  totalPriceWithTax: money(hold.grossPence),
  creditNow: hold.creditNow && creditStandingView(hold.creditNow),
});

/**
 * Credit control in the back office (docs/credit-control.md): the ERP's credit feed (integration scope
 * invoices:write, the finance feed's, or an operator), and the credit team's queue of orders waiting for
 * credit, each released or rejected once.
 */
export async function adminCreditControlRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const feed = { config: { integrationScope: 'invoices:write' }, preHandler: allowOperatorsOrIntegration(SERVICE_ROLES) };
  const team = { preHandler: allow(SERVICE_ROLES) };

  app.put('/customers/:soldTo/credit', { ...feed, schema: { response: { 200: putAnswer, 201: putAnswer } } }, async (request, reply) => {
    const { soldTo } = parseInput(soldToParams, request.params, 'params');
    const input = parseInput(creditBody, request.body, 'body');
    const { outcome, account } = unwrap(await putCreditAccount(db, soldTo, input, creditActor(request)), creditProblemToApiError);
    const credit = { soldTo: account.soldToCode, limit: account.limitPence, onHold: account.onHold, reason: account.reason, updatedAt: account.updatedAt.toISOString() };
    return reply.code(outcome === 'created' ? 201 : 200).send({ outcome, credit });
  });

  app.get('/credit-holds', { ...team, schema: { response: { 200: listAnswer } } }, async () => ({ creditHolds: (await creditHoldQueue(db)).map(holdView) }));

  app.post('/credit-holds/:code/decision', { ...team, schema: { response: { 200: decisionAnswer } } }, async (request) => {
    const operator = currentOperator(request);
    const { code } = parseInput(holdCodeParams, request.params, 'params');
    const input = parseInput(holdDecisionBody, request.body, 'body');
    const order = unwrap(await decideCreditHold(db, app.clock, { id: operator.id, email: operator.email, cause: request.cause }, code, input), creditProblemToApiError);
    return { code: order.code, status: order.status };
  });
}
