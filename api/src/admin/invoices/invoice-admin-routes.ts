import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf, allowOperatorsOrIntegration } from '../auth/admin-guard';
import { SERVICE_ROLES } from '../auth/roles';
import { invoiceProblemToApiError } from '../../invoices/problem-answers';
import { unwrap } from '../../errors/reply';
import { parseInput } from '../../http/validate';
import { putInvoice, recordPayment, type ErpActor, type InvoiceRow } from '../../invoices/erp-invoices';
import { INVOICE_BODY_LIMIT, invoiceBody, invoiceNumber, paymentBody } from '../../invoices/invoice-input';

const params = z.object({ number: invoiceNumber });

function erpActor(request: FastifyRequest): ErpActor {
  const principal = request.adminPrincipal;
  return { operatorId: principal?.kind === 'operator' ? principal.operator.id : null, by: actorOf(request) };
}

const stored = (invoice: InvoiceRow, orderCodes: string[]) => ({
  number: invoice.number,
  type: invoice.type,
  soldTo: invoice.soldToCode,
  issueDate: invoice.issueDate,
  dueDate: invoice.dueDate,
  orderCodes,
  net: invoice.netPence,
  vat: invoice.vatPence,
  gross: invoice.grossPence,
  pdf: invoice.pdf !== null,
  updatedAt: invoice.updatedAt.toISOString(),
});

const storedSchema = {
  type: 'object',
  properties: {
    number: { type: 'string' },
    type: { type: 'string' },
    soldTo: { type: 'string' },
    issueDate: { type: 'string' },
    dueDate: { type: 'string' },
    orderCodes: { type: 'array', items: { type: 'string' } },
    net: { type: 'integer' },
    vat: { type: 'integer' },
    gross: { type: 'integer' },
    pdf: { type: 'boolean' },
    updatedAt: { type: 'string' },
  },
} as const;
const putAnswer = { type: 'object', properties: { outcome: { type: 'string', enum: ['created', 'updated', 'unchanged'] }, invoice: storedSchema } } as const;
const paymentAnswer = {
  type: 'object',
  properties: {
    outcome: { type: 'string', enum: ['created', 'unchanged'] },
    payment: { type: 'object', properties: { amount: { type: 'integer' }, paidAt: { type: 'string' }, reference: { type: 'string' } } },
    invoice: { type: 'object', properties: { number: { type: 'string' }, gross: { type: 'integer' }, paid: { type: 'integer' }, outstanding: { type: 'integer' } } },
  },
} as const;

/**
 * Invoices, credit notes and payments in from the ERP (integration scope invoices:write) or an operator
 * (docs/after-delivery.md "Invoices, credit notes and statements"). Amounts are integer pence.
 */
export async function adminInvoiceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const guard = { config: { integrationScope: 'invoices:write' }, preHandler: allowOperatorsOrIntegration(SERVICE_ROLES) };

  app.put('/invoices/:number', { ...guard, bodyLimit: INVOICE_BODY_LIMIT, schema: { response: { 200: putAnswer, 201: putAnswer } } }, async (request, reply) => {
    const { number } = parseInput(params, request.params, 'params');
    const input = parseInput(invoiceBody, request.body, 'body');
    const result = unwrap(await putInvoice(db, number, input, erpActor(request)), invoiceProblemToApiError);
    return reply.code(result.outcome === 'created' ? 201 : 200).send({ outcome: result.outcome, invoice: stored(result.invoice, result.orderCodes) });
  });

  app.post('/invoices/:number/payments', { ...guard, schema: { response: { 200: paymentAnswer, 201: paymentAnswer } } }, async (request, reply) => {
    const { number } = parseInput(params, request.params, 'params');
    const input = parseInput(paymentBody, request.body, 'body');
    const result = unwrap(await recordPayment(db, number, input, erpActor(request)), invoiceProblemToApiError);
    return reply.code(result.outcome === 'created' ? 201 : 200).send({
      outcome: result.outcome,
      payment: { amount: result.payment.amountPence, paidAt: result.payment.paidAt.toISOString(), reference: result.payment.reference },
      invoice: { number: result.invoice.number, gross: result.invoice.grossPence, paid: result.paidPence, outstanding: Math.max(result.invoice.grossPence - result.paidPence, 0) },
    });
  });
}
