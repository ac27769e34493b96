import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, outboxMessages } from '../src/db/schema';
import { expireHeldOrders } from '../src/approvals/expiry';
import { ORDER_STATUSES } from '../src/order-status/order-status';
import { createOperator, operatorToken } from './support/admin-client';
import { cancel } from './support/amend-helpers';
import { createCompany, createPerson, eventsOf, holdTestOrder } from './support/approval-helpers';
import { MULTI_DAIR, SOLO, shopper, type Shopper } from './support/cart-helpers';
import { ERP_CLIENT, EXPORT_ONLY_CLIENT, integrationEnv, integrationToken, reportStatus } from './support/integration-client';
import { placeTestOrder, type PlacedOrder } from './support/order-helpers';
import { startTestServer, type TestServer } from './support/test-server';

describe('status in: POST /admin/v1/orders/{code}/status', () => {
  let server: TestServer;
  let solo: Shopper;
  let erp: string;
  before(async () => {
    server = await startTestServer({ env: integrationEnv() });
    solo = await shopper(server, SOLO);
    erp = await integrationToken(server);
  });
  after(() => server.close());

  const detail = async (who: Shopper, code: string) => (await who.call('GET', `/users/current/orders/${code}`, { scoped: false })).body as unknown as PlacedOrder;

  it('takes the warehouse\'s statuses, delivered quantities and notes; the customer sees them in order detail and history', async () => {
    const order = await placeTestOrder(server, solo, [3, 2]);
    for (const status of ['confirmed', 'picking']) assert.equal((await reportStatus(server, erp, order.code, { status })).status, 200);
    const dispatched = await reportStatus(server, erp, order.code, {
      status: 'dispatched',
      lines: [{ entryNumber: 0, deliveredQuantity: 1 }, { entryNumber: 1, deliveredQuantity: 2 }],
      note: 'Two cases short: the rest follows on Friday',
    });
    assert.equal(dispatched.status, 200, JSON.stringify(dispatched.body));
    assert.equal(dispatched.body.status, 'dispatched');

    const seen = await detail(solo, order.code);
    assert.equal(seen.status, 'dispatched');
    assert.deepEqual(seen.entries.map((entry) => [entry.quantity, entry.deliveredQuantity]), [[3, 1], [2, 2]]);
    assert.deepEqual(seen.statusChanges.map((change) => [change.status, change.note]), [
      ['confirmed', null],
      ['picking', null],
      ['dispatched', 'Two cases short: the rest follows on Friday'],
    ]);
    const history = (await solo.call('GET', '/users/current/orders')).body as unknown as { orders: PlacedOrder[] };
    const inHistory = history.orders.find((o) => o.code === order.code);
    assert.equal(inHistory?.status, 'dispatched');
    assert.deepEqual(inHistory?.entries.map((entry) => entry.deliveredQuantity), [1, 2]);
    assert.deepEqual(inHistory?.statusChanges, seen.statusChanges);

    const events = await server.database.db
      .select({ type: outboxMessages.type })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.orderingKey, order.code), eq(outboxMessages.channel, 'webhook')))
      .orderBy(outboxMessages.id);
    assert.deepEqual(events.map((e) => e.type), ['order.placed', 'order.status_changed', 'order.status_changed', 'order.status_changed']);

    const statusView = (await (await server.request(`/admin/v1/orders/${order.code}/status`, { token: erp })).json()) as {
      status: string;
      next: string[];
      lines: { entryNumber: number; deliveredQuantity: number | null }[];
      changes: { from: string; to: string; changedBy: string; note: string | null }[];
    };
    assert.equal(statusView.status, 'dispatched');
    assert.deepEqual(statusView.next, ['delivered']);
    assert.deepEqual(statusView.lines.map((line) => line.deliveredQuantity), [1, 2]);
    assert.deepEqual(statusView.changes.map((c) => [c.from, c.to, c.changedBy]), [
      ['placed', 'confirmed', 'client:erp'],
      ['confirmed', 'picking', 'client:erp'],
      ['picking', 'dispatched', 'client:erp'],
    ]);
    assert.equal((await server.request('/admin/v1/orders/MV-999999/status', { token: erp })).status, 404);

    assert.equal((await reportStatus(server, erp, order.code, { status: 'delivered' })).status, 200);
    assert.equal((await detail(solo, order.code)).status, 'delivered');
  });

  it('records delivered quantities only from dispatch on: none while picking, and what was not reported went in full', async () => {
    const order = await placeTestOrder(server, solo, [6, 2]);
    for (const status of ['confirmed', 'picking']) assert.equal((await reportStatus(server, erp, order.code, { status })).status, 200);
    assert.deepEqual((await detail(solo, order.code)).entries.map((entry) => entry.deliveredQuantity), [null, null], 'nothing delivered while in the warehouse');
    const statusView = (await (await server.request(`/admin/v1/orders/${order.code}/status`, { token: erp })).json()) as { quantityStatuses: string[] };
    assert.deepEqual(statusView.quantityStatuses, ['dispatched', 'delivered']);

    const dispatched = await reportStatus(server, erp, order.code, { status: 'dispatched', lines: [{ entryNumber: 1, deliveredQuantity: 1 }] });
    assert.equal(dispatched.status, 200, JSON.stringify(dispatched.body));
    assert.deepEqual((await detail(solo, order.code)).entries.map((entry) => [entry.quantity, entry.deliveredQuantity]), [[6, 6], [2, 1]]);
  });

  it('keeps to the statuses of the transition table in the database too (orders_status_check)', async () => {
    const order = await placeTestOrder(server, solo, [1]);
    const setStatus = (status: string) => server.database.db.execute(sql`update orders set status = ${status} where code = ${order.code}`);
    await assert.rejects(setStatus('shipped'), (error: unknown) => String((error as { cause?: unknown }).cause ?? error).includes('orders_status_check'));
    for (const status of ORDER_STATUSES) await setStatus(status);
  });

  it('refuses delivered quantities with a status before dispatch', async () => {
    const order = await placeTestOrder(server, solo, [6]);
    assert.equal((await reportStatus(server, erp, order.code, { status: 'confirmed' })).status, 200);
    const picking = await reportStatus(server, erp, order.code, { status: 'picking', lines: [{ entryNumber: 0, deliveredQuantity: 6 }] });
    assert.equal(picking.status, 400);
    assert.equal(picking.body.errors?.[0]?.message, 'Delivered quantities can only be reported with status dispatched or delivered, not picking');
    assert.deepEqual((await detail(solo, order.code)).entries.map((entry) => entry.deliveredQuantity), [null]);
  });

  it('answers 409 for every move the transition table does not allow, and changes nothing', async () => {
    const order = await placeTestOrder(server, solo, [1]);
    const skip = await reportStatus(server, erp, order.code, { status: 'dispatched' });
    assert.equal(skip.status, 409);
    assert.equal(skip.body.errors?.[0]?.type, 'OrderStatusError');
    assert.equal(skip.body.errors?.[0]?.message, 'An order that is placed cannot become dispatched');
    assert.equal((await reportStatus(server, erp, order.code, { status: 'placed' })).status, 409);
    for (const status of ['confirmed', 'picking']) assert.equal((await reportStatus(server, erp, order.code, { status })).status, 200);
    assert.equal((await reportStatus(server, erp, order.code, { status: 'picking' })).status, 409, 'the same status twice');
    assert.equal((await reportStatus(server, erp, order.code, { status: 'cancelled' })).status, 409, 'no cancelling once picking started');
    assert.equal((await detail(solo, order.code)).status, 'picking');

    const cancelled = await placeTestOrder(server, solo, [1]);
    assert.equal((await reportStatus(server, erp, cancelled.code, { status: 'cancelled', note: 'Customer rang to cancel' })).status, 200);
    assert.equal((await reportStatus(server, erp, cancelled.code, { status: 'confirmed' })).status, 409);
    const rows = await server.database.db.select().from(outboxMessages).where(and(eq(outboxMessages.orderingKey, cancelled.code), eq(outboxMessages.channel, 'webhook')));
    assert.equal(rows.length, 2, 'a refused move writes no event');
  });

  it('refuses bad input with 400 naming the field, and unknown orders with 404', async () => {
    const order = await placeTestOrder(server, solo, [2]);
    const cases: [unknown, string][] = [
      [{ status: 'shipped' }, 'status'],
      [{}, 'status'],
      [{ status: 'confirmed', note: 'x'.repeat(1001) }, 'note'],
      [{ status: 'confirmed', lines: [{ entryNumber: 0, deliveredQuantity: 1 }] }, 'lines'],
      [{ status: 'confirmed', lines: [{ entryNumber: 0, deliveredQuantity: -1 }] }, 'lines.0.deliveredQuantity'],
      [{ status: 'confirmed', lines: [{ entryNumber: 'a', deliveredQuantity: 1 }] }, 'lines.0.entryNumber'],
      [{ status: 'confirmed', lines: [{ entryNumber: 0, deliveredQuantity: 1 }, { entryNumber: 0, deliveredQuantity: 1 }] }, 'lines'],
    ];
    for (const [body, field] of cases) {
      const answer = await reportStatus(server, erp, order.code, body);
      assert.equal(answer.status, 400, `${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.errors?.[0]?.subject, field, JSON.stringify(answer.body));
    }
    for (const status of ['confirmed', 'picking']) assert.equal((await reportStatus(server, erp, order.code, { status })).status, 200);
    const unknownEntry = await reportStatus(server, erp, order.code, { status: 'dispatched', lines: [{ entryNumber: 7, deliveredQuantity: 1 }] });
    assert.equal(unknownEntry.status, 400);
    assert.equal(unknownEntry.body.errors?.[0]?.subject, 'lines.entryNumber');
    const tooMany = await reportStatus(server, erp, order.code, { status: 'dispatched', lines: [{ entryNumber: 0, deliveredQuantity: 3 }] });
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.errors?.[0]?.subject, 'lines.deliveredQuantity');
    assert.equal((await detail(solo, order.code)).status, 'picking', 'a refused report changes nothing');
    assert.deepEqual((await detail(solo, order.code)).entries.map((entry) => entry.deliveredQuantity), [null], 'nor records a quantity');

    const malformed = await server.request(`/admin/v1/orders/${order.code}/status`, { method: 'POST', token: erp, body: '{"status":' });
    assert.equal(malformed.status, 400);
    assert.equal((await reportStatus(server, erp, 'MV-999999', { status: 'confirmed' })).status, 404);
    assert.equal((await reportStatus(server, erp, 'not a code!', { status: 'confirmed' })).status, 400);
  });

  it('accepts integration clients with scope orders:status and operators; refuses everyone else', async () => {
    const order = await placeTestOrder(server, solo, [1]);
    const none = await server.request(`/admin/v1/orders/${order.code}/status`, { method: 'POST', body: JSON.stringify({ status: 'confirmed' }) });
    assert.equal(none.status, 401);
    assert.equal((await reportStatus(server, solo.token, order.code, { status: 'confirmed' })).status, 403, 'a customer');
    assert.equal((await reportStatus(server, await server.clientToken(), order.code, { status: 'confirmed' })).status, 403, 'the storefront');
    const exportOnly = await integrationToken(server, EXPORT_ONLY_CLIENT);
    assert.equal((await reportStatus(server, exportOnly, order.code, { status: 'confirmed' })).status, 403, 'a client without the scope');
    // The integration token opens no other back-office route.
    assert.equal((await server.request('/admin/v1/outbox', { token: erp })).status, 403);

    const service = await operatorToken(server, await createOperator(server, 'customerService'));
    const byOperator = await reportStatus(server, service, order.code, { status: 'confirmed', note: 'Confirmed by phone' });
    assert.equal(byOperator.status, 200);
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.subject, `order:${order.code}`));
    assert.equal(audit.length, 1);
    assert.equal(audit[0]?.action, 'order.status');
    assert.deepEqual(audit[0]?.before, { status: 'placed' });
  });

  it('a ship-to\'s order is not another customer\'s: status changes show only to the user who holds it', async () => {
    const order = await placeTestOrder(server, solo, [1]);
    assert.equal((await reportStatus(server, erp, order.code, { status: 'confirmed', note: 'Private note' })).status, 200);
    const multi = await shopper(server, MULTI_DAIR);
    assert.equal((await multi.call('GET', `/users/current/orders/${order.code}`, { scoped: false })).status, 404);
  });

  it('of two simultaneous identical reports exactly one is applied; the other is a conflict', async () => {
    const order = await placeTestOrder(server, solo, [1]);
    const answers = await Promise.all([0, 1, 2, 3].map(() => reportStatus(server, erp, order.code, { status: 'confirmed' })));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 409, 409, 409]);
    assert.equal((await detail(solo, order.code)).statusChanges.length, 1);
  });
});

describe('GET /admin/v1/orders/export.csv', () => {
  let server: TestServer;
  let solo: Shopper;
  before(async () => {
    server = await startTestServer({ env: integrationEnv() });
    solo = await shopper(server, SOLO);
  });
  after(() => server.close());

  const today = () => new Date().toISOString().slice(0, 10);
  const exportCsv = (token: string, query: string) => server.request(`/admin/v1/orders/export.csv${query}`, { token });

  it('exports the lines of the orders placed in the period, one row per line, formulas neutralised', async () => {
    const order = await placeTestOrder(server, solo, [4, 1], { purchaseOrderNumber: '=HYPERLINK("x")' });
    const operator = await operatorToken(server);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const response = await exportCsv(operator, `?from=${yesterday}&to=${tomorrow}`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/csv/);
    const rows = (await response.text()).trimEnd().split('\r\n');
    assert.match(rows[0] ?? '', /^order_code,placed_at,status,sold_to,ship_to,sales_org,customer_id,delivery_date,purchase_order_number,entry_number,product_code/);
    const mine = rows.filter((row) => row.startsWith(`${order.code},`));
    assert.equal(mine.length, 2);
    assert.ok(mine[0]?.includes(`"'=HYPERLINK(""x"")"`), mine[0]);
    assert.deepEqual(mine.map((row) => row.split(',')[13]), ['4', '1']);

    const files = await integrationToken(server, EXPORT_ONLY_CLIENT);
    assert.equal((await exportCsv(files, `?from=${today()}&to=${today()}`)).status, 200);
    const before = await exportCsv(operator, '?from=2020-01-01&to=2020-01-31');
    assert.equal((await before.text()).trimEnd().split('\r\n').length, 1, 'only the header for a period without orders');
  });

  it('leaves out the orders the ERP may not act on, as its webhooks do: held, rejected, expired, and cancelled from those', async () => {
    const company = await createCompany(server);
    const buyer = await createPerson(server, company, []);
    const operator = await operatorToken(server);
    const decide = (code: string, decision: 'APPROVE' | 'REJECT') =>
      server.request(`/admin/v1/approvals/${code}/decision`, {
        method: 'POST',
        token: operator,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ decision, comment: 'Checked by the office' }),
      });

    const expired = await holdTestOrder(server, buyer, company);
    assert.equal(await expireHeldOrders(server.database.db, new Date(Date.parse(`${expired.deliveryDate}T12:00:00Z`) + 86_400_000)), 1);
    const expiredThenCancelled = await holdTestOrder(server, buyer, company);
    assert.equal(await expireHeldOrders(server.database.db, new Date(Date.parse(`${expiredThenCancelled.deliveryDate}T12:00:00Z`) + 86_400_000)), 1);
    assert.equal((await cancel(buyer.who, expiredThenCancelled.code)).status, 200);
    const held = await holdTestOrder(server, buyer, company);
    const heldThenCancelled = await holdTestOrder(server, buyer, company);
    assert.equal((await cancel(buyer.who, heldThenCancelled.code)).status, 200);
    const rejected = await holdTestOrder(server, buyer, company);
    assert.equal((await decide(rejected.code, 'REJECT')).status, 200);
    const approved = await holdTestOrder(server, buyer, company);
    assert.equal((await decide(approved.code, 'APPROVE')).status, 200);
    const approvedThenCancelled = await holdTestOrder(server, buyer, company);
    assert.equal((await decide(approvedThenCancelled.code, 'APPROVE')).status, 200);
    assert.equal((await cancel(buyer.who, approvedThenCancelled.code)).status, 200);

    const response = await exportCsv(operator, `?from=${today()}&to=${today()}`);
    const exported = new Set((await response.text()).trimEnd().split('\r\n').slice(1).map((row) => row.split(',')[0]));
    const orderEvents = async (code: string) => (await eventsOf(server, code)).filter((event) => event.type.startsWith('order.') && event.channel === 'webhook').map((event) => event.type);
    for (const order of [held, heldThenCancelled, rejected, expired, expiredThenCancelled]) {
      assert.ok(!exported.has(order.code), `${order.code} is not the ERP's`);
      assert.deepEqual(await orderEvents(order.code), [], `no webhook for ${order.code}`);
    }
    assert.ok(exported.has(approved.code));
    assert.deepEqual(await orderEvents(approved.code), ['order.placed']);
    assert.ok(exported.has(approvedThenCancelled.code));
    assert.deepEqual(await orderEvents(approvedThenCancelled.code), ['order.placed', 'order.cancelled']);
  });

  it('refuses bad periods with 400 naming the field, and customers with 403', async () => {
    const operator = await operatorToken(server);
    const cases: [string, string][] = [
      ['?to=2026-01-01', 'from'],
      ['?from=2026-02-30&to=2026-03-01', 'from'],
      ['?from=2026-03-01&to=2026-02-01', 'to'],
      ['?from=2024-01-01&to=2026-01-01', 'to'],
    ];
    for (const [query, field] of cases) {
      const response = await exportCsv(operator, query);
      assert.equal(response.status, 400, query);
      const body = (await response.json()) as { errors: { subject: string }[] };
      assert.equal(body.errors[0]?.subject, field, query);
    }
    assert.equal((await exportCsv(solo.token, `?from=${today()}&to=${today()}`)).status, 403);
    assert.equal((await exportCsv(await integrationToken(server, ERP_CLIENT), `?from=${today()}&to=${today()}`)).status, 200);
  });
});
