import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import { auditLog, invoiceOrders, invoicePayments, invoices } from '../src/db/schema';
import { createOperator, operatorToken } from './support/admin-client';
import { SOLO, shopper } from './support/cart-helpers';
import { integrationToken } from './support/integration-client';
import { invoiceBody, invoiceEnv, invoiceToken, postPayment, putInvoice, SOLD_TO_DELI, SOLD_TO_HARBOUR } from './support/invoice-helpers';
import { placeTestOrder } from './support/order-helpers';
import { startTestServer, type TestServer } from './support/test-server';

describe('invoices in from the ERP: PUT /admin/v1/invoices/{number} and payments', () => {
  let server: TestServer;
  let erp: string;
  before(async () => {
    server = await startTestServer({ env: invoiceEnv() });
    erp = await invoiceToken(server);
  });
  after(() => server.close());

  const auditOf = (number: string) => server.database.db.select().from(auditLog).where(eq(auditLog.subject, `invoice:${number}`)).orderBy(asc(auditLog.id));
  const stored = async (number: string) => (await server.database.db.select().from(invoices).where(eq(invoices.number, number)))[0];

  it('creates with 201; the same content again changes nothing; different content is an update in the audit log', async () => {
    const body = invoiceBody({ orderCodes: ['MV-00000001'], amounts: [[1000, 200], [550, 0]] });
    const created = await putInvoice(server, erp, 'INV-1001', body);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.outcome, 'created');
    const first = await stored('INV-1001');
    assert.equal(first?.grossPence, 1750);

    const again = await putInvoice(server, erp, 'INV-1001', { ...body, orderCodes: ['MV-00000001'] });
    assert.equal(again.status, 200);
    assert.equal(again.body.outcome, 'unchanged');
    assert.equal((await stored('INV-1001'))?.updatedAt.getTime(), first?.updatedAt.getTime());
    assert.deepEqual((await auditOf('INV-1001')).map((entry) => entry.action), ['invoice.create']);

    const changed = invoiceBody({ orderCodes: ['MV-00000002', 'MV-00000001'], amounts: [[1000, 200], [600, 0]], dueDate: '2026-12-15' });
    const updated = await putInvoice(server, erp, 'INV-1001', changed);
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    assert.equal(updated.body.outcome, 'updated');
    const row = await stored('INV-1001');
    assert.equal(row?.grossPence, 1800);
    assert.equal(row?.dueDate, '2026-12-15');
    const codes = await server.database.db.select({ code: invoiceOrders.orderCode }).from(invoiceOrders).where(eq(invoiceOrders.invoiceId, row?.id ?? 0)).orderBy(invoiceOrders.orderCode);
    assert.deepEqual(codes.map((c) => c.code), ['MV-00000001', 'MV-00000002']);
    const audit = await auditOf('INV-1001');
    assert.deepEqual(audit.map((entry) => entry.action), ['invoice.create', 'invoice.update']);
    const update = audit[1] as { before: { gross: number; dueDate: string }; after: { gross: number; dueDate: string; by: string } };
    assert.equal(update.before.gross, 1750);
    assert.equal(update.before.dueDate, '2026-11-30');
    assert.equal(update.after.gross, 1800);
    assert.equal(update.after.by, 'client:erp-invoices');

    // Re-sending the update is again nothing new; the order of the order codes does not matter.
    const resent = await putInvoice(server, erp, 'INV-1001', { ...changed, orderCodes: ['MV-00000001', 'MV-00000002'] });
    assert.equal(resent.body.outcome, 'unchanged');
    assert.equal((await auditOf('INV-1001')).length, 2);
  });

  it('answers bad input with 400 naming the field, and stores nothing', async () => {
    const good = invoiceBody();
    const cases: [string, unknown, string][] = [
      ['type missing', { ...good, type: undefined }, 'type'],
      ['type unknown', { ...good, type: 'proforma' }, 'type'],
      ['issue date not a date', { ...good, issueDate: '2026-02-30' }, 'issueDate'],
      ['due date malformed', { ...good, dueDate: '30/11/2026' }, 'dueDate'],
      ['due before issue', { ...good, dueDate: '2026-10-01' }, 'dueDate'],
      ['gross is not net + vat', { ...good, gross: good.gross + 1 }, 'gross'],
      ['lines do not add up to net', { ...good, net: good.net + 1, gross: good.gross + 1 }, 'net'],
      ['lines do not add up to vat', { ...good, vat: good.vat - 1, gross: good.gross - 1 }, 'vat'],
      ['pence not whole', { ...good, net: 10.5 }, 'net'],
      ['negative total', { ...good, vat: -1 }, 'vat'],
      ['no lines', { ...good, lines: [] }, 'lines'],
      ['line without description', { ...good, lines: [{ quantity: 1, net: 1000, vat: 200 }] }, 'lines.0.description'],
      ['unknown sold-to', { ...good, soldTo: '9999999999' }, 'soldTo'],
      ['order code twice', { ...good, orderCodes: ['MV-1', 'MV-1'] }, 'orderCodes'],
      ['pdf not base64', { ...good, pdf: '%%%' }, 'pdf'],
      ['pdf not a PDF', { ...good, pdf: Buffer.from('<html>not a pdf</html>').toString('base64') }, 'pdf'],
      ['amount too large', { ...good, lines: [{ description: 'x', quantity: 1, net: 2 ** 40, vat: 0 }], net: 2 ** 40, vat: 0, gross: 2 ** 40 }, 'lines.0.net'],
    ];
    for (const [what, body, field] of cases) {
      const answer = await putInvoice(server, erp, 'INV-BAD', body);
      assert.equal(answer.status, 400, `${what}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.errors?.[0]?.subject, field, `${what}: ${JSON.stringify(answer.body)}`);
      assert.ok((answer.body.errors?.[0]?.message ?? '').length > 10, `${what}: a message says what is wrong`);
    }
    const bigPdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5.3 * 1024 * 1024, 32)]).toString('base64');
    const tooLarge = await putInvoice(server, erp, 'INV-BAD', { ...good, pdf: bigPdf });
    assert.equal(tooLarge.status, 400);
    assert.equal(tooLarge.body.errors?.[0]?.subject, 'pdf');
    const hugeBody = await putInvoice(server, erp, 'INV-BAD', { ...good, pdf: Buffer.alloc(9 * 1024 * 1024, 65).toString('base64') });
    assert.equal(hugeBody.status, 413);
    assert.equal((await putInvoice(server, erp, 'bad number!', good)).status, 400);
    assert.equal((await putInvoice(server, erp, 'INV-BAD', [good])).status, 400);
    const notJson = await server.request('/admin/v1/invoices/INV-BAD', { method: 'PUT', token: erp, body: '{"type":' });
    assert.equal(notJson.status, 400);
    assert.equal(await stored('INV-BAD'), undefined);
  });

  it('is open to the invoices:write scope and to operators, to no one else', async () => {
    const body = invoiceBody({ issueDate: '2026-10-01', dueDate: '2026-10-31' });
    assert.equal((await server.request('/admin/v1/invoices/INV-AUTH', { method: 'PUT', body: JSON.stringify(body) })).status, 401);
    const statusClient = await integrationToken(server);
    assert.equal((await putInvoice(server, statusClient, 'INV-AUTH', body)).status, 403);
    assert.equal((await postPayment(server, statusClient, 'INV-1001', { amount: 1, paidAt: '2026-11-02T09:00:00Z', reference: 'X' })).status, 403);
    const customer = await shopper(server, SOLO);
    assert.equal((await putInvoice(server, customer.token, 'INV-AUTH', body)).status, 403);
    const service = await operatorToken(server, await createOperator(server, 'customerService'));
    const byOperator = await putInvoice(server, service, 'INV-AUTH', body);
    assert.equal(byOperator.status, 201);
    const [entry] = await auditOf('INV-AUTH');
    assert.ok(entry?.operatorId, 'an operator is audited by id');
  });

  it('takes payments idempotently by reference; refuses a reused reference, overpaying and credit notes', async () => {
    assert.equal((await putInvoice(server, erp, 'INV-PAY', invoiceBody({ amounts: [[10_000, 2000]] }))).status, 201);
    const payment = { amount: 5000, paidAt: '2026-11-10T10:00:00Z', reference: 'BACS-0001' };
    const first = await postPayment(server, erp, 'INV-PAY', payment);
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.deepEqual(first.body.invoice, { number: 'INV-PAY', gross: 12_000, paid: 5000, outstanding: 7000 });
    const again = await postPayment(server, erp, 'INV-PAY', { ...payment, paidAt: '2026-11-10T10:00:00.000Z' });
    assert.equal(again.status, 200);
    assert.equal(again.body.outcome, 'unchanged');
    assert.deepEqual(again.body.invoice, { number: 'INV-PAY', gross: 12_000, paid: 5000, outstanding: 7000 });

    const reused = await postPayment(server, erp, 'INV-PAY', { ...payment, amount: 4000 });
    assert.equal(reused.status, 409);
    assert.equal(reused.body.errors?.[0]?.subject, 'reference');
    const tooMuch = await postPayment(server, erp, 'INV-PAY', { amount: 7001, paidAt: '2026-11-11T10:00:00Z', reference: 'BACS-0002' });
    assert.equal(tooMuch.status, 400);
    assert.equal(tooMuch.body.errors?.[0]?.subject, 'amount');
    assert.match(tooMuch.body.errors?.[0]?.message ?? '', /£70\.00/);
    const rest = await postPayment(server, erp, 'INV-PAY', { amount: 7000, paidAt: '2026-11-11T10:00:00Z', reference: 'BACS-0002' });
    assert.equal(rest.status, 201);
    assert.equal((rest.body.invoice as { outstanding: number }).outstanding, 0);

    const invoice = await stored('INV-PAY');
    const rows = await server.database.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice?.id ?? 0));
    assert.deepEqual(rows.map((row) => row.amountPence).sort(), [5000, 7000]);
    assert.deepEqual((await auditOf('INV-PAY')).map((entry) => entry.action), ['invoice.create', 'invoice.payment', 'invoice.payment']);

    const paidBecomesCredit = await putInvoice(server, erp, 'INV-PAY', invoiceBody({ type: 'creditNote', amounts: [[10_000, 2000]] }));
    assert.equal(paidBecomesCredit.status, 409);
    assert.equal(paidBecomesCredit.body.errors?.[0]?.subject, 'type');

    assert.equal((await putInvoice(server, erp, 'CN-PAY', invoiceBody({ type: 'creditNote' }))).status, 201);
    const onCredit = await postPayment(server, erp, 'CN-PAY', { ...payment, reference: 'BACS-9' });
    assert.equal(onCredit.status, 409);
    assert.equal((await postPayment(server, erp, 'INV-NONE', payment)).status, 404);
    for (const [body, field] of [
      [{ ...payment, amount: 0 }, 'amount'],
      [{ ...payment, amount: 12.5 }, 'amount'],
      [{ ...payment, paidAt: 'yesterday' }, 'paidAt'],
      [{ ...payment, reference: '' }, 'reference'],
    ] as const) {
      const answer = await postPayment(server, erp, 'INV-PAY', body);
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
      assert.equal(answer.body.errors?.[0]?.subject, field);
    }
  });

  it('answers three first sends of one invoice at once with one create and two unchanged', async () => {
    const body = invoiceBody({ issueDate: '2026-11-03', dueDate: '2026-12-03' });
    const answers = await Promise.all([1, 2, 3].map(() => putInvoice(server, erp, 'INV-TOGETHER', body)));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 200, 201], JSON.stringify(answers.map((a) => a.body)));
    assert.deepEqual((await auditOf('INV-TOGETHER')).map((entry) => entry.action), ['invoice.create']);
  });

  it('refuses to bill a known order to another sold-to; an order code it does not know is kept', async () => {
    const customer = await shopper(server, SOLO);
    const order = await placeTestOrder(server, customer, [1]);
    const other = await putInvoice(server, erp, 'INV-MISFILED', invoiceBody({ soldTo: SOLD_TO_HARBOUR, orderCodes: ['PHONE-1', order.code] }));
    assert.equal(other.status, 400);
    assert.equal(other.body.errors?.[0]?.subject, 'orderCodes.1');
    const own = await putInvoice(server, erp, 'INV-MISFILED', invoiceBody({ soldTo: SOLD_TO_DELI, orderCodes: ['PHONE-1', order.code] }));
    assert.equal(own.status, 201, JSON.stringify(own.body));
  });

  it('two payments with one reference at once store one payment', async () => {
    assert.equal((await putInvoice(server, erp, 'INV-RACE', invoiceBody({ soldTo: SOLD_TO_DELI }))).status, 201);
    const payment = { amount: 600, paidAt: '2026-11-12T10:00:00Z', reference: 'RACE-1' };
    const answers = await Promise.all([1, 2, 3].map(() => postPayment(server, erp, 'INV-RACE', payment)));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 200, 201]);
    const invoice = await stored('INV-RACE');
    assert.equal((await server.database.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice?.id ?? 0))).length, 1);
  });
});
