import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callList } from '../../calls/call-list';
import type { SoldToScope } from '../../calls/call-queries';
import { callProblemToApiError } from '../../calls/problem-answers';
import { recordCallOutcome } from '../../calls/record-outcome';
import { RANGES } from '../../accounts/ship-tos';
import { CALL_OUTCOMES } from '../../db/schema';
import { unwrap } from '../../errors/reply';
import { parseInput } from '../../http/validate';
import { allow, currentOperator } from '../auth/admin-guard';
import { CUSTOMER_ROLES } from '../auth/roles';
import { customerScopeOf } from '../operators/customer-scope';

const NOTE_MAX = 500;
const outcomeBody = z
  .strictObject({
    shipTo: z.string().trim().min(1).max(20).regex(/^[A-Za-z0-9_-]+$/, 'must be a ship-to code'),
    range: z.enum(RANGES),
    deliveryDate: z.iso.date('must be a date YYYY-MM-DD'),
    outcome: z.enum(CALL_OUTCOMES),
    callBackAt: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time, e.g. 2026-11-20T14:30:00Z' }).optional(),
    note: z.string().trim().max(NOTE_MAX).optional(),
  })
  .refine((body) => (body.outcome === 'callBack') === (body.callBackAt !== undefined), {
    path: ['callBackAt'],
    message: 'a time to call back is required with callBack, and only with it',
  });

const nullableString = { type: ['string', 'null'] } as const;
const operatorSchema = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } } as const;
const outcomeSchema = {
  type: 'object',
  required: ['outcome', 'callBackAt', 'note', 'at', 'operator'],
  properties: { outcome: { type: 'string', enum: [...CALL_OUTCOMES] }, callBackAt: nullableString, note: nullableString, at: { type: 'string' }, operator: operatorSchema },
} as const;
const codeName = { type: 'object', required: ['code', 'name'], properties: { code: { type: 'string' }, name: { type: 'string' } } } as const;
const callListSchema = {
  type: 'object',
  required: ['entries'],
  properties: {
    entries: {
      type: 'array',
      items: {
        type: 'object',
        required: ['shipTo', 'soldTo', 'range', 'deliveryDate', 'movedFrom', 'cutoff', 'lastOrder', 'usualValuePence', 'latestOutcome', 'state'],
        properties: {
          shipTo: { type: 'object', required: ['code', 'name', 'phone'], properties: { code: { type: 'string' }, name: { type: 'string' }, phone: nullableString } },
          soldTo: codeName,
          range: codeName,
          deliveryDate: { type: 'string' },
          movedFrom: nullableString,
          cutoff: { type: 'string' },
          lastOrder: {
            type: ['object', 'null'],
            required: ['code', 'placedAt', 'deliveryDate', 'netPence'],
            properties: { code: { type: 'string' }, placedAt: { type: 'string' }, deliveryDate: { type: 'string' }, netPence: { type: 'integer' } },
          },
          usualValuePence: { type: ['integer', 'null'] },
          latestOutcome: { ...outcomeSchema, type: ['object', 'null'] },
          state: { type: 'string', enum: ['toCall', 'callBackLater', 'done'] },
        },
      },
    },
  },
} as const;

/** The call list (docs/calls.md): a rep's sites due to order today with nothing ordered, and what came of each call. */
export async function adminCallRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const scopeOf = async (operator: ReturnType<typeof currentOperator>): Promise<SoldToScope> => {
    const scope = await customerScopeOf(db, operator);
    return scope.kind === 'all' ? 'all' : scope.soldTos;
  };

  app.get('/calls', { preHandler: allow(CUSTOMER_ROLES), schema: { response: { 200: callListSchema } } }, async (request) => {
    return { entries: await callList(db, app.clock(), await scopeOf(currentOperator(request))) };
  });

  app.post('/calls/outcomes', { preHandler: allow(CUSTOMER_ROLES), schema: { response: { 201: outcomeSchema } } }, async (request, reply) => {
    const body = parseInput(outcomeBody, request.body, 'body');
    const operator = currentOperator(request);
    const input = { ...body, callBackAt: body.callBackAt ? new Date(body.callBackAt) : null, note: body.note || null };
    const recorded = unwrap(await recordCallOutcome(db, operator.id, await scopeOf(operator), input, app.clock()), callProblemToApiError);
    return reply.code(201).send({ ...recorded, callBackAt: recorded.callBackAt?.toISOString() ?? null, at: recorded.at.toISOString() });
  });
}
