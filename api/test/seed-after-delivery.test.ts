// test:api:embedded: the demo seed, which the embedded demo start runs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asc, eq, inArray } from 'drizzle-orm';
import { checkinLines, creditRequestLines, creditRequests, invoiceOrders, invoicePayments, invoices, orderLines, orderStatusChanges, orders, users } from '../src/db/schema';
import { AFTER_DELIVERY_DEMO } from '../src/seed/after-delivery-demo';
import { seedDemoData } from '../src/seed/seed';
import { BASE, startTestServer, type TestServer } from './support/test-server';

interface MoneyView {
  valuePence: number;
}
interface ListView {
  soldTos: { code: string; balance: MoneyView; overdue: MoneyView }[];
  invoices: { number: string; type: string; status: string; gross: MoneyView; outstanding: MoneyView; orderCodes: string[] }[];
}

describe('the after-delivery demo (README "Demo users": kitchen@example.com)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  /** Every row the demo writes, ids and all: a second seed must leave them exactly as they are. */
  async function snapshot() {
    const db = server.database.db;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, AFTER_DELIVERY_DEMO.username));
    assert.ok(user);
    const demoOrders = await db.select().from(orders).where(eq(orders.userId, user.id)).orderBy(asc(orders.id));
    const orderIds = demoOrders.map((order) => order.id);
    const requests = await db.select().from(creditRequests).where(inArray(creditRequests.orderId, orderIds)).orderBy(asc(creditRequests.id));
    const documents = await db.select().from(invoices).where(eq(invoices.soldToCode, AFTER_DELIVERY_DEMO.soldTo)).orderBy(asc(invoices.id));
    const invoiceIds = documents.map((invoice) => invoice.id);
    return {
      orders: demoOrders,
      lines: await db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.orderId), asc(orderLines.lineNumber)),
      changes: await db.select().from(orderStatusChanges).where(inArray(orderStatusChanges.orderId, orderIds)).orderBy(asc(orderStatusChanges.id)),
      checkin: await db.select().from(checkinLines).where(inArray(checkinLines.orderId, orderIds)).orderBy(asc(checkinLines.orderId), asc(checkinLines.lineNumber)),
      requests,
      requestLines: await db.select().from(creditRequestLines).where(inArray(creditRequestLines.creditRequestId, requests.map((r) => r.id))),
      documents,
      invoiceOrders: await db.select().from(invoiceOrders).where(inArray(invoiceOrders.invoiceId, invoiceIds)),
      payments: await db.select().from(invoicePayments).where(inArray(invoicePayments.invoiceId, invoiceIds)),
    };
  }

  it('shows every state: paid, overdue and open invoices, a credit note, a payment, a decided and an open credit request', async () => {
    const token = await server.tokenFor(AFTER_DELIVERY_DEMO.username);
    const response = await server.request(`${BASE}/users/current/invoices`, { token });
    assert.equal(response.status, 200);
    const list = (await response.json()) as ListView;
    assert.deepEqual(list.invoices.map((invoice) => [invoice.number, invoice.status]), [
      ['INV-D90002', 'overdue'],
      ['INV-D90003', 'open'],
      ['INV-D90001', 'paid'],
      ['CN-D90001', 'credit'],
    ]);
    const owed = (number: string) => list.invoices.find((invoice) => invoice.number === number)?.outstanding.valuePence ?? NaN;
    const credit = list.invoices.find((invoice) => invoice.number === 'CN-D90001')?.gross.valuePence ?? NaN;
    const [soldTo] = list.soldTos;
    assert.equal(soldTo?.code, AFTER_DELIVERY_DEMO.soldTo);
    assert.equal(soldTo?.balance.valuePence, owed('INV-D90002') + owed('INV-D90003') - credit, 'balance = left to pay − credit notes');
    assert.equal(soldTo?.overdue.valuePence, owed('INV-D90002'));

    const rows = await snapshot();
    assert.deepEqual(rows.orders.map((order) => order.status), ['delivered', 'delivered', 'delivered', 'delivered']);
    assert.deepEqual(rows.requests.map((request) => request.status), ['accepted', 'requested']);
    const [accepted, open] = rows.requests;
    assert.equal(accepted?.creditedPence, credit, 'the credit note credits what was accepted');
    assert.equal(accepted?.creditNoteNumber, 'CN-D90001');
    assert.equal(open?.creditedPence, null);
    for (const request of rows.requests) {
      const requestLines = rows.requestLines.filter((line) => line.creditRequestId === request.id);
      assert.equal(request.netPence, requestLines.reduce((sum, line) => sum + line.netPence, 0));
      assert.equal(request.grossPence, request.netPence + request.vatPence);
    }
    assert.equal(rows.payments.length, 1);
    const detail = await server.request(`${BASE}/users/current/orders/${rows.orders[0]?.code}/invoices`, { token });
    assert.deepEqual(((await detail.json()) as { number: string }[]).map((invoice) => invoice.number).sort(), ['CN-D90001', 'INV-D90001']);
  });

  it('seeding again changes nothing; a changed row is set back to the demo', async () => {
    const before = await snapshot();
    await seedDemoData(server.database.db, { products: 10 });
    assert.deepEqual(await snapshot(), before);
    await server.database.db.update(invoices).set({ grossPence: 1, netPence: 1, vatPence: 0 }).where(eq(invoices.number, 'INV-D90002'));
    await seedDemoData(server.database.db, { products: 10 });
    const after = await snapshot();
    assert.deepEqual(after.documents, before.documents);
  });

  it('other users see none of it', async () => {
    const token = await server.tokenFor('multi@example.com');
    const list = (await (await server.request(`${BASE}/users/current/invoices`, { token })).json()) as ListView;
    assert.ok(list.invoices.every((invoice) => !invoice.number.includes('D900')));
    assert.equal((await server.request(`${BASE}/users/current/invoices/INV-D90001`, { token })).status, 404);
  });
});
