import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, like } from 'drizzle-orm';
import { orders } from '../src/db/schema';
import { registerPlacementPolicy, type PlacementPolicy } from '../src/order-status/order-process';
import { amend, linesOf, orderOf } from './support/amend-helpers';
import { createCompany, createPerson, eventsOf, type Person, type TestCompany } from './support/approval-helpers';
import { fillActiveCart } from './support/cart-helpers';
import { checkedOut, type HeldOrderBody } from './support/limit-helpers';
import { ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { createStandingOrder, runScheduler } from './support/standing-helpers';
import { setClock } from './support/test-clock';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The reviewer's test of the order process (docs/ordering-rules.md "The order process"): a module that holds
 * orders, here a fake credit hold, is one placement policy and one registration line, and it is asked
 * wherever an order is placed: checkout, an amendment, an approval, a resubmission, a standing order's
 * delivery. Nothing in production knows of it.
 */
const credit = { soldTo: '', overPence: Number.POSITIVE_INFINITY };
const creditHold: PlacementPolicy = {
  name: 'test-credit-hold',
  guard: async (_tx, { order }) =>
    order.soldToCode === credit.soldTo && order.netPence > credit.overPence ? { kind: 'hold', reasons: [{ limit: 'CREDIT', type: 'creditHold', reason: 'credit hold' }] } : { kind: 'pass' },
};

const webhookTypes = async (server: TestServer, code: string) => (await eventsOf(server, code)).filter((event) => event.channel === 'webhook').map((event) => event.type);

describe('a placement policy registered by a module (a fake credit hold)', () => {
  let server: TestServer;
  let company: TestCompany;
  let buyer: Person;
  let approver: Person;
  let unregister: () => void;
  before(async () => {
    server = await startTestServer({ env: { TEST_CLOCK_CONTROL: 'true', STANDING_ORDERS_INTERVAL_SECONDS: '0', ...ON_DEMAND_OUTBOX } });
    unregister = registerPlacementPolicy(creditHold);
    company = await createCompany(server);
    credit.soldTo = company.soldTo;
    buyer = await createPerson(server, company, []);
    approver = await createPerson(server, company, ['approver']);
  });
  after(async () => {
    unregister();
    await server.close();
  });

  // The company's kitchen takes dairy Monday to Saturday, cut-off 12:00 the working day before.
  const checkout = async (): Promise<HeldOrderBody> => {
    await setClock(server, '2027-03-01T09:00:00Z');
    await fillActiveCart(server, buyer.who, [3, 2]);
    const put = await buyer.who.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: '2027-03-03' } });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    return checkedOut(buyer.who);
  };
  const decide = (code: string) => approver.who.call('POST', `/users/current/orderapprovals/${code}/decision`, { body: { decision: 'APPROVE' }, scoped: false });

  it('holds an order at checkout with its reason, and the ERP hears nothing', async () => {
    credit.overPence = 0;
    const held = await checkout();
    assert.equal(held.status, 'pendingApproval');
    assert.deepEqual(
      held.approval?.reasons.map((reason) => (reason as unknown as { reason: string }).reason),
      ['credit hold'],
    );
    assert.deepEqual(await webhookTypes(server, held.code), []);
  });

  it('keeps an approved order held while the policy holds it, and places it once the policy passes', async () => {
    credit.overPence = 0;
    const held = await checkout();
    const approved = await decide(held.code);
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(approved.body.status, 'pendingApproval');
    assert.deepEqual(await webhookTypes(server, held.code), []);

    credit.overPence = Number.POSITIVE_INFINITY;
    const placed = await decide(held.code);
    assert.equal(placed.status, 200, JSON.stringify(placed.body));
    assert.equal(placed.body.status, 'placed');
    assert.deepEqual(await webhookTypes(server, held.code), ['order.placed']);
  });

  it('holds a placed order again when an amendment takes it over', async () => {
    credit.overPence = Number.POSITIVE_INFINITY;
    const placed = await checkout();
    assert.equal(placed.status, 'placed');
    credit.overPence = placed.subTotal.valuePence;
    const lines = linesOf(await orderOf(buyer.who, placed.code));
    const bigger = await amend(buyer.who, placed.code, lines.map((line) => ({ ...line, quantity: line.quantity + 1 })));
    assert.equal(bigger.status, 200, JSON.stringify(bigger.body));
    assert.equal(bigger.body.status, 'pendingApproval');
    assert.deepEqual(await webhookTypes(server, placed.code), ['order.placed', 'order.status_changed']);
  });

  it('holds a resubmitted order sent for another date', async () => {
    credit.overPence = 0;
    const held = await checkout();
    // Undecided at its cut-off (12:00 on Tuesday 2 March), it expires.
    await setClock(server, '2027-03-02T12:00:00Z');
    await runScheduler(server);
    assert.equal((await orderOf(buyer.who, held.code)).status, 'expired');
    const resubmitted = await buyer.who.call('POST', `/users/current/orders/${held.code}/resubmission`, { body: { deliveryDate: '2027-03-05' }, scoped: false });
    assert.equal(resubmitted.status, 200, JSON.stringify(resubmitted.body));
    assert.equal(resubmitted.body.status, 'pendingApproval');
    assert.deepEqual(await webhookTypes(server, held.code), []);
  });

  it("holds a standing order's delivery", async () => {
    credit.overPence = 0;
    await setClock(server, '2027-03-08T09:00:00Z');
    await fillActiveCart(server, buyer.who, [3, 2]);
    const standing = await createStandingOrder(buyer.who, { cartId: 'active', name: 'Credit test', weekdays: [3], startDate: '2027-03-09' });
    // Wednesday 10 March: ordered at the cut-off, 12:00 on Tuesday 9 March.
    await setClock(server, '2027-03-09T12:00:00Z');
    await runScheduler(server);
    const [delivered] = await server.database.db
      .select({ code: orders.code, status: orders.status })
      .from(orders)
      .where(and(eq(orders.userId, buyer.id), like(orders.idempotencyKey, `standing-order:${standing.code}:%`)));
    assert.ok(delivered, 'the delivery was ordered');
    // Held at its cut-off, it has no time left for a decision: the same run expires it.
    assert.equal((await eventsOf(server, delivered.code, 'approval.held')).length, 1);
    assert.equal(delivered.status, 'expired');
    assert.deepEqual(await webhookTypes(server, delivered.code), []);
  });
});
