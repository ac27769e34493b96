import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, like } from 'drizzle-orm';
import { setUserOrderLimit } from '../src/approvals/user-order-limit';
import { WAITING_FOR_APPROVAL } from '../src/standing-orders/standing-approval';
import { orders, outboxMessages, prices, standingOrderDeliveries, standingOrders } from '../src/db/schema';
import { createCompany, createPerson, eventsOf } from './support/approval-helpers';
import { sellableProducts } from './support/cart-helpers';
import { ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { createStandingOrder, runScheduler } from './support/standing-helpers';
import { setClock } from './support/test-clock';
import { startTestServer, type TestServer } from './support/test-server';

interface Approval {
  status: string;
  approvedTotal: { valuePence: number } | null;
}

// The test company receives DAIR Monday to Saturday, cut-off 12:00 London the working day before (GMT in December).
describe('approvals: standing orders', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { ...ON_DEMAND_OUTBOX, TEST_CLOCK_CONTROL: 'true', STANDING_ORDERS_INTERVAL_SECONDS: '0' } });
  });
  after(async () => server.close());

  /** A fresh active cart of one product at a price of the test's choosing: `quantity` × `pricePence` net. */
  async function cartOf(who: Awaited<ReturnType<typeof createPerson>>, soldTo: string, pricePence: number, quantity: number): Promise<string> {
    const [code] = await sellableProducts(server, 'DAIR', 1);
    assert.ok(code);
    await setPrice(soldTo, code, pricePence);
    await who.who.call('DELETE', '/users/current/carts/active');
    await who.who.call('POST', '/users/current/carts');
    const added = await who.who.call('POST', '/users/current/carts/active/entries', { body: { product: { code }, quantity } });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    return code;
  }
  const setPrice = (soldTo: string, productCode: string, pricePence: number) =>
    server.database.db
      .insert(prices)
      .values({ soldToCode: soldTo, productCode, pricePence })
      .onConflictDoUpdate({ target: [prices.soldToCode, prices.productCode], set: { pricePence } });
  const deliveryProblem = async (id: number, date: string) =>
    (await server.database.db.select({ problem: standingOrderDeliveries.problem }).from(standingOrderDeliveries).where(and(eq(standingOrderDeliveries.standingOrderId, id), eq(standingOrderDeliveries.deliveryDate, date))))[0]?.problem;
  const placedFor = async (code: string) =>
    (await server.database.db.select({ deliveryDate: orders.deliveryDate, status: orders.status }).from(orders).where(like(orders.idempotencyKey, `standing-order:${code}:%`))).sort((a, b) =>
      a.deliveryDate.localeCompare(b.deliveryDate),
    );
  const idOf = async (code: string) => (await server.database.db.select({ id: standingOrders.id }).from(standingOrders).where(eq(standingOrders.code, code)))[0]?.id ?? 0;

  it('over a limit when made: pending, nothing ordered, the reminder tells buyer and approver; approved, it is ordered', async () => {
    await setClock(server, '2026-12-01T10:00:00Z');
    const company = await createCompany(server);
    const buyer = await createPerson(server, company, [], 'Site Buyer');
    const approver = await createPerson(server, company, ['approver'], 'Head Approver');
    await setUserOrderLimit(server.database.db, company.soldTo, buyer.id, 5000);
    await cartOf(buyer, company.soldTo, 1000, 6);
    const standing = await createStandingOrder(buyer.who, { cartId: 'active', name: 'Friday milk', weekdays: [5], startDate: '2026-12-02' });
    assert.deepEqual((standing as unknown as { approval: Approval }).approval, { status: 'pending', approvedTotal: null });
    const requests = await eventsOf(server, standing.code, 'approval.standing_requested');
    assert.deepEqual(requests.map((event) => (event.data.recipient as { email: string }).email), [approver.username]);

    const queue = await approver.who.call('GET', '/users/current/standingorderapprovals', { scoped: false });
    const items = queue.body.standingOrderApprovals as { code: string; deliveryTotal: { valuePence: number }; placedBy: { name: string } }[];
    assert.deepEqual(items.map((item) => [item.code, item.deliveryTotal.valuePence, item.placedBy.name]), [[standing.code, 6000, 'Site Buyer']]);
    const own = await buyer.who.call('POST', `/users/current/standingorderapprovals/${standing.code}/decision`, { body: { decision: 'APPROVE' }, scoped: false });
    assert.equal(own.status, 403);
    const stranger = await createPerson(server, await createCompany(server), ['approver', 'admin']);
    const foreign = await stranger.who.call('POST', `/users/current/standingorderapprovals/${standing.code}/decision`, { body: { decision: 'APPROVE' }, scoped: false });
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.errors?.[0]?.message, `Standing order '${standing.code}' not found`);
    const noComment = await approver.who.call('POST', `/users/current/standingorderapprovals/${standing.code}/decision`, { body: { decision: 'REJECT' }, scoped: false });
    assert.equal(noComment.status, 400);

    // Thursday 08:00: the reminder of Friday's delivery says it will not be ordered, to the buyer and the approver.
    await setClock(server, '2026-12-03T08:00:00Z');
    await runScheduler(server);
    const reminders = await server.database.db
      .select({ payload: outboxMessages.payload })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.type, 'standing_order.reminder'), eq(outboxMessages.orderingKey, `${standing.code}/2026-12-04`)));
    const sent = reminders.map((row) => (row.payload as { data: { recipient: { email: string }; approval?: { problem: string } } }).data);
    assert.deepEqual(sent.map((data) => [data.recipient.email, data.approval?.problem]).sort(), [
      [approver.username, WAITING_FOR_APPROVAL],
      [buyer.username, WAITING_FOR_APPROVAL],
    ].sort());

    await setClock(server, '2026-12-03T12:00:00Z');
    await runScheduler(server);
    assert.deepEqual(await placedFor(standing.code), []);
    assert.equal(await deliveryProblem(await idOf(standing.code), '2026-12-04'), WAITING_FOR_APPROVAL);

    const approved = await approver.who.call('POST', `/users/current/standingorderapprovals/${standing.code}/decision`, { body: { decision: 'APPROVE' }, scoped: false });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.deepEqual(approved.body.approval, { status: 'approved', approvedTotal: { currencyIso: 'GBP', valuePence: 6000, formattedValue: '£60.00' } });
    const twice = await approver.who.call('POST', `/users/current/standingorderapprovals/${standing.code}/decision`, { body: { decision: 'APPROVE' }, scoped: false });
    assert.equal(twice.status, 409);

    await setClock(server, '2026-12-10T12:00:00Z');
    await runScheduler(server);
    assert.deepEqual(await placedFor(standing.code), [{ deliveryDate: '2026-12-11', status: 'placed' }]);
  });

  it('approved once: a delivery up to 10 % over is ordered, one a penny more is not; new lines over the limit need approval again', async () => {
    await setClock(server, '2026-12-01T10:00:00Z');
    const company = await createCompany(server);
    const buyer = await createPerson(server, company, []);
    const admin = await createPerson(server, company, ['admin']);
    await setUserOrderLimit(server.database.db, company.soldTo, buyer.id, 5000);
    const product = await cartOf(buyer, company.soldTo, 1000, 10);
    const standing = await createStandingOrder(buyer.who, { cartId: 'active', weekdays: [5], startDate: '2026-12-02' });
    // No approver: the admin decides.
    const approved = await admin.who.call('POST', `/users/current/standingorderapprovals/${standing.code}/decision`, { body: { decision: 'APPROVE' }, scoped: false });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));

    // Exactly 10 % over (£110.00 against £100.00): ordered.
    await setPrice(company.soldTo, product, 1100);
    await setClock(server, '2026-12-03T12:00:00Z');
    await runScheduler(server);
    assert.deepEqual(await placedFor(standing.code), [{ deliveryDate: '2026-12-04', status: 'placed' }]);

    // A penny a unit more (£110.10): not ordered, and the reminder says so.
    await setPrice(company.soldTo, product, 1101);
    await setClock(server, '2026-12-10T08:00:00Z');
    await runScheduler(server);
    const [reminder] = await server.database.db
      .select({ payload: outboxMessages.payload })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.type, 'standing_order.reminder'), eq(outboxMessages.orderingKey, `${standing.code}/2026-12-11`)));
    const problem = "Not ordered: this delivery's total of £110.10 is more than 10 % over the approved £100.00";
    assert.equal((reminder?.payload as { data: { approval?: { problem: string } } }).data.approval?.problem, problem);
    await setClock(server, '2026-12-10T12:00:00Z');
    await runScheduler(server);
    assert.equal((await placedFor(standing.code)).length, 1);
    assert.equal(await deliveryProblem(await idOf(standing.code), '2026-12-11'), problem);

    // A new name changes nothing; new lines over the limit need approval again.
    const renamed = await buyer.who.call('PUT', `/users/current/standingorders/${standing.code}`, { body: { name: 'Fridays' }, scoped: false });
    assert.equal((renamed.body.approval as Approval).status, 'approved');
    const changed = await buyer.who.call('PUT', `/users/current/standingorders/${standing.code}`, { body: { entries: [{ product: { code: product }, quantity: 12 }] }, scoped: false });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.deepEqual(changed.body.approval, { status: 'pending', approvedTotal: null });
    const under = await buyer.who.call('PUT', `/users/current/standingorders/${standing.code}`, { body: { entries: [{ product: { code: product }, quantity: 4 }] }, scoped: false });
    assert.deepEqual(under.body.approval, { status: 'notNeeded', approvedTotal: null });
  });
});
