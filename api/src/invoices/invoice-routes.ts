import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/bearer';
import { invoiceReadProblemToApiError } from './problem-answers';
import { orderNotFound } from '../orders/problem-answers';
import { unwrap } from '../errors/reply';
import { parseInput } from '../http/validate';
import { invoiceForUser, invoiceList, invoicePdfForUser, orderInvoicesForUser, statementForUser } from './customer-invoices';
import { invoiceNumber, isoDate, orderCode } from './invoice-input';
import { INVOICE_STATUSES } from './invoice-status';
import { invoiceDetailSchema, invoiceDetailView, invoiceListSchema, invoiceView, orderInvoicesSchema, soldToBalanceView } from './invoice-view';

const soldTo = z.string().trim().min(1).max(20);
export const invoiceListQuery = z.object({ soldTo: soldTo.optional(), status: z.enum(INVOICE_STATUSES).optional(), from: isoDate.optional(), to: isoDate.optional() });
export const statementQuery = z.object({ soldTo: soldTo.optional(), from: isoDate.optional(), to: isoDate.optional() });
const numberParams = z.object({ number: invoiceNumber });
const orderParams = z.object({ code: orderCode });

/**
 * The customer's invoices, credit notes and statements (docs/after-delivery.md "Invoices, credit notes and
 * statements"): those of the sold-tos of the user's ship-tos; any other answers as missing.
 */
export async function invoiceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.get('/users/current/invoices', { schema: { response: { 200: invoiceListSchema } } }, async (request) => {
    const user = currentUser(request);
    const query = parseInput(invoiceListQuery, request.query, 'query');
    const list = unwrap(await invoiceList(db, user.id, query, app.clock()), invoiceReadProblemToApiError);
    return { soldTos: list.soldTos.map(soldToBalanceView), invoices: list.invoices.map(invoiceView) };
  });

  app.get('/users/current/invoices/:number', { schema: { response: { 200: invoiceDetailSchema } } }, async (request) => {
    const user = currentUser(request);
    const { number } = parseInput(numberParams, request.params, 'params');
    return invoiceDetailView(unwrap(await invoiceForUser(db, user.id, number, app.clock()), invoiceReadProblemToApiError));
  });

  app.get('/users/current/invoices/:number/pdf', async (request, reply) => {
    const user = currentUser(request);
    const { number } = parseInput(numberParams, request.params, 'params');
    const { pdf, source } = unwrap(await invoicePdfForUser(db, user.id, number, app.clock(), app.deps.config.invoiceIssuer), invoiceReadProblemToApiError);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .header('x-pdf-source', source)
      .send(pdf);
  });

  app.get('/users/current/statement.csv', async (request, reply) => {
    const user = currentUser(request);
    const query = parseInput(statementQuery, request.query, 'query');
    const statement = unwrap(await statementForUser(db, user.id, query, app.clock()), invoiceReadProblemToApiError);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="statement-${statement.soldTo.code}-${statement.from}-${statement.to}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(statement.csv);
  });

  app.get('/users/current/orders/:code/invoices', { schema: { response: { 200: orderInvoicesSchema } } }, async (request) => {
    const user = currentUser(request);
    const { code } = parseInput(orderParams, request.params, 'params');
    const found = await orderInvoicesForUser(db, user.id, code, app.clock());
    if (!found.ok) throw orderNotFound(code);
    return found.value.map((invoice) => ({ number: invoice.number, type: invoice.type, status: invoice.status }));
  });
}
