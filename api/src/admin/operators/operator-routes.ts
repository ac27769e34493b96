import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { operatorProblemToApiError } from './problem-answers';
import { unwrap } from '../../errors/reply';
import { parseInput } from '../../http/validate';
import { allow, currentOperator } from '../auth/admin-guard';
import { OPERATOR_ROLES, type OperatorRole } from '../auth/roles';
import { assignSoldTos, readAssignedSoldTos } from './assigned-sold-tos';
import { changeOperatorStatus, inviteOperator, listOperators, resendOperatorInvitation, type OperatorChange } from './operators';

const inviteBody = z.object({
  email: z.string().trim().min(3).max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an e-mail address'),
  name: z.string().trim().min(1).max(120),
  role: z.enum(OPERATOR_ROLES),
});
/** Only admins run the back office's people. */
const ADMINS: readonly OperatorRole[] = ['admin'];

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const statusParams = idParams.extend({ action: z.enum(['disable', 'enable']) });
/** A rep's sold-tos, the whole list each time: a few hundred at most in practice, 5,000 allowed. */
const soldTosBody = z.strictObject({
  soldTos: z.array(z.string().trim().min(1).max(20).regex(/^[A-Za-z0-9_-]+$/, 'must be a sold-to code')).max(5_000),
});

const operatorEntry = {
  type: 'object',
  required: ['id', 'email', 'name', 'role', 'status', 'passwordSet', 'invitationExpiresAt', 'createdAt'],
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    status: { type: 'string' },
    passwordSet: { type: 'boolean' },
    invitationExpiresAt: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
  },
} as const;

const assignedSoldTos = {
  type: 'object',
  required: ['id', 'email', 'name', 'role', 'soldTos'],
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    soldTos: { type: 'array', items: { type: 'object', required: ['code', 'name'], properties: { code: { type: 'string' }, name: { type: 'string' } } } },
  },
} as const;

/**
 * The back office's own people (docs/people.md "Operators"): admins list, invite, disable and enable
 * operators and resend an invitation. An operator never gets a password by e-mail: the invitation is a link to
 * choose one.
 */
export async function operatorRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const admins = { preHandler: allow(ADMINS) };
  const changeBy = (request: FastifyRequest): OperatorChange => ({ by: currentOperator(request), now: app.clock(), key: app.mailTokenKey, cause: request.cause });

  app.get('/operators', { ...admins, schema: { response: { 200: { type: 'object', properties: { operators: { type: 'array', items: operatorEntry } } } } } }, async () => ({
    operators: await listOperators(db, app.clock()),
  }));

  app.post('/operators', { ...admins, schema: { response: { 201: operatorEntry } } }, async (request, reply) => {
    const body = parseInput(inviteBody, request.body, 'body');
    const invited = unwrap(await inviteOperator(db, body, changeBy(request)), operatorProblemToApiError);
    return reply.code(201).send(invited);
  });

  app.post('/operators/:id/invitation', { ...admins, schema: { response: { 200: operatorEntry } } }, async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    return unwrap(await resendOperatorInvitation(db, id, changeBy(request)), operatorProblemToApiError);
  });

  // The sold-tos a sales rep looks after (docs/back-office.md "Sales reps"): only their customers are theirs to see.
  app.get('/operators/:id/soldtos', { ...admins, schema: { response: { 200: assignedSoldTos } } }, async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    return unwrap(await readAssignedSoldTos(db, id), operatorProblemToApiError);
  });

  app.put('/operators/:id/soldtos', { ...admins, schema: { response: { 200: assignedSoldTos } } }, async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    const { soldTos } = parseInput(soldTosBody, request.body, 'body');
    return unwrap(await assignSoldTos(db, id, soldTos, currentOperator(request).id), operatorProblemToApiError);
  });

  app.post('/operators/:id/:action', { ...admins, schema: { response: { 200: operatorEntry } } }, async (request) => {
    const { id, action } = parseInput(statusParams, request.params, 'params');
    return unwrap(await changeOperatorStatus(db, id, action, changeBy(request)), operatorProblemToApiError);
  });
}
