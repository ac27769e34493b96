import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { getAdminCreditRequest, getCreditPhoto, listAdminCreditRequests } from '../../credits/credit-reads';
import { creditCodeParams } from '../../credits/credit-routes';
import { CREDIT_STATUSES, DECISION_STATUSES } from '../../credits/credit-status';
import { adminCreditRequestJson, adminCreditRequestListJson } from '../../credits/credit-view';
import { decideCreditRequest } from '../../credits/decide-credit';
import { creditProblemToApiError } from '../../credits/problem-answers';
import { unwrap } from '../../errors/reply';
import { parseInput } from '../../http/validate';
import { actorOf, allow, allowOperatorsOrIntegration } from '../auth/admin-guard';
import { SERVICE_ROLES } from '../auth/roles';

const PAGE_SIZE = 50;

const listQuery = z.object({
  status: z.enum(CREDIT_STATUSES).optional(),
  shipTo: z.string().regex(/^[0-9]{1,20}$/, 'must be a ship-to code').optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
});
const photoParams = creditCodeParams.extend({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((text) => (text ? text : undefined));

/** Cases credited of one line of the request, by its entry number (checked against the request by the service). */
const decisionLine = z.object({
  entryNumber: z.number().int('must be a whole number').min(0).max(10_000),
  creditedQuantity: z.number().int('must be whole cases').min(0).max(9999),
});

/** A decision: amounts are pence, the credited gross (docs/after-delivery.md "Credit requests"). */
const decisionBody = z.object({
  status: z.enum(DECISION_STATUSES),
  amount: z.number().int('must be whole pence').min(0).max(100_000_000).optional(),
  lines: z.array(decisionLine).min(1, 'must name at least one line').max(500).optional(),
  note: optionalText(1000),
  creditNoteNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9/_-]{1,40}$/, 'must be a credit note number (letters, digits, - / _; at most 40)')
    .nullish()
    .transform((number) => number ?? undefined),
});

/**
 * The back office's credit requests: operators list and read them with their photos; the ERP (an integration
 * client with scope invoices:write) or an operator decides each once.
 */
export async function adminCreditRequestRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const operators = { preHandler: allow(SERVICE_ROLES) };
  const deciders = { config: { integrationScope: 'invoices:write' }, preHandler: allowOperatorsOrIntegration(SERVICE_ROLES) };

  app.get('/creditrequests', { ...operators, schema: { response: { 200: adminCreditRequestListJson } } }, async (request) => {
    const query = parseInput(listQuery, request.query, 'query');
    return listAdminCreditRequests(db, { ...query, pageSize: PAGE_SIZE });
  });

  app.get('/creditrequests/:code', { ...operators, schema: { response: { 200: adminCreditRequestJson } } }, async (request) => {
    const { code } = parseInput(creditCodeParams, request.params, 'params');
    return unwrap(await getAdminCreditRequest(db, code), creditProblemToApiError);
  });

  app.get('/creditrequests/:code/photos/:id', operators, async (request, reply) => {
    const { code, id } = parseInput(photoParams, request.params, 'params');
    const photo = unwrap(await getCreditPhoto(db, code, id), creditProblemToApiError);
    return reply
      .header('content-type', photo.contentType)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(photo.bytes);
  });

  app.post('/creditrequests/:code/status', { ...deciders, schema: { response: { 200: adminCreditRequestJson } } }, async (request) => {
    const { code } = parseInput(creditCodeParams, request.params, 'params');
    const input = parseInput(decisionBody, request.body, 'body');
    const principal = request.adminPrincipal;
    const decider = { decidedBy: actorOf(request), operatorId: principal?.kind === 'operator' ? principal.operator.id : null, cause: request.cause };
    unwrap(await decideCreditRequest(db, app.clock, code, input, decider), creditProblemToApiError);
    return unwrap(await getAdminCreditRequest(db, code), creditProblemToApiError);
  });
}
