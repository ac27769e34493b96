import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, like } from 'drizzle-orm';
import { expireHeldOrders } from '../src/approvals/expiry';
import { setUserOrderLimit } from '../src/approvals/user-order-limit';
import { approvalDecisions, mailMessages, orders } from '../src/db/schema';
import { createCompany, createPerson, eventsOf, holdTestOrder } from './support/approval-helpers';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { runScheduler } from './support/standing-helpers';
import { setClock } from './support/test-clock';
import { openSameDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

// Tuesday 1 December 2026, 10:00 London (GMT): the first delivery is Wednesday 2 December, cut-off Tuesday 12:00.
const TUESDAY_MORNING = '2026-12-01T10:00:00Z';
const CUTOFF = '2026-12-01T12:00:00Z';

describe('approvals: the deadline is the cut-off', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { ...ON_DEMAND_OUTBOX, SHOP_URL: 'https://shop.meadowvale.example', TEST_CLOCK_CONTROL: 'true', STANDING_ORDERS_INTERVAL_SECONDS: '0' } });
  });
  after(async () => server.close());

  const statusOf = async (code: string) => (await server.database.db.select({ status: orders.status }).from(orders).where(eq(orders.code, code)))[0]?.status;
  const decisionsOf = async (code: string) =>
    (await server.database.db.select({ decision: approvalDecisions.decision }).from(approvalDecisions).innerJoin(orders, eq(orders.id, approvalDecisions.orderId)).where(eq(orders.code, code))).map(
      (row) => row.decision,
    );

  it('decides until a second before the cut-off; at the cut-off a decision is a 409 and the sweep expires the order once', async () => {
    await setClock(server, TUESDAY_MORNING);
    const company = await createCompany(server);
    const buyer = await createPerson(server, company, []);
    const approver = await createPerson(server, company, ['approver']);
    const late = await holdTestOrder(server, buyer, company);
    const inTime = await holdTestOrder(server, buyer, company);
    assert.equal(late.deliveryDate, '2026-12-02');
    const decide = (code: string) => approver.who.call('POST', `/users/current/orderapprovals/${code}/decision`, { body: { decision: 'APPROVE' }, scoped: false });

    await setClock(server, '2026-12-01T11:59:59Z');
    const queue = (await approver.who.call('GET', '/users/current/orderapprovals', { scoped: false })).body.orderApprovals as { code: string; secondsLeft: number }[];
    assert.deepEqual(queue.map((item) => item.secondsLeft), [1, 1]);
    const inTimeAnswer = await decide(inTime.code);
    assert.equal(inTimeAnswer.status, 200, JSON.stringify(inTimeAnswer.body));

    // Order confirmations turned off do not turn off the news that an order will not come.
    const off = { orderConfirmation: false, statusChanges: true, standingOrderReminders: true, cutoffReminders: true, approvalRequests: true, productChanges: true };
    assert.equal((await buyer.who.call('PUT', '/users/current/notificationpreferences', { body: off, scoped: false })).status, 200);

    // Two processes sweep at once, as at the cut-off: one of them expires it.
    const second = await openSameDatabase(server.database);
    try {
      const swept = await Promise.all([expireHeldOrders(server.database.db, new Date(CUTOFF)), expireHeldOrders(second.db, new Date(CUTOFF))]);
      assert.equal(swept[0] + swept[1], 1);
    } finally {
      await second.close();
    }
    assert.equal(await statusOf(late.code), 'expired');
    assert.equal(await statusOf(inTime.code), 'placed');
    assert.deepEqual(await decisionsOf(late.code), ['EXPIRE']);
    const notices = await eventsOf(server, late.code, 'approval.expired');
    assert.deepEqual(notices.map((event) => (event.data.recipient as { email: string }).email), [buyer.username]);
    assert.deepEqual(await eventsOf(server, late.code, 'order.placed'), []);
    await dispatch(server);
    const [mail] = await server.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, buyer.username), like(mailMessages.subject, `%${late.code} expired%`)));
    assert.equal(mail?.subject, `Order ${late.code} expired without approval`);
    assert.ok(mail.text.includes(`Choose another date: https://shop.meadowvale.example/account/orders/${late.code}/`), mail.text);
    await setClock(server, CUTOFF);
    assert.deepEqual((await approver.who.call('GET', '/users/current/orderapprovals', { scoped: false })).body.orderApprovals, []);
    // The scheduler's pass sweeps too, and finds nothing left.
    assert.equal(((await runScheduler(server)) as unknown as { expired: number }).expired, 0);
    const again = await decide(late.code);
    assert.equal(again.status, 409);
    assert.equal(again.body.errors?.[0]?.message, 'The cut-off for this delivery has passed');
  });

  it('the scheduler pass expires what passed its cut-off; "Choose another date" sends it back for approval', async () => {
    await setClock(server, TUESDAY_MORNING);
    const company = await createCompany(server);
    const buyer = await createPerson(server, company, []);
    const approver = await createPerson(server, company, ['approver']);
    const colleague = await createPerson(server, company, []);
    const held = await holdTestOrder(server, buyer, company);
    const other = await holdTestOrder(server, buyer, company);
    const resubmit = (who: typeof buyer, code: string, deliveryDate: string) =>
      who.who.call('POST', `/users/current/orders/${code}/resubmission`, { body: { deliveryDate }, scoped: false });

    const notYet = await resubmit(buyer, held.code, '2026-12-04');
    assert.equal(notYet.status, 409, JSON.stringify(notYet.body));

    // Moving the test clock runs a scheduler pass, which sweeps; runScheduler waits for it.
    await setClock(server, '2026-12-01T12:00:01Z');
    await runScheduler(server);
    assert.equal(await statusOf(held.code), 'expired');
    const page = await buyer.who.call('GET', `/users/current/orders/${held.code}`, { scoped: false });
    assert.equal(page.body.status, 'expired');

    const sunday = await resubmit(buyer, held.code, '2026-12-06');
    assert.equal(sunday.status, 400);
    assert.equal(sunday.body.errors?.[0]?.subject, 'deliveryDate');
    const closed = await resubmit(buyer, held.code, '2026-12-02');
    assert.equal(closed.status, 400);
    const notTheirs = await resubmit(colleague, held.code, '2026-12-04');
    assert.equal(notTheirs.status, 404);
    const badBody = await buyer.who.call('POST', `/users/current/orders/${held.code}/resubmission`, { body: { deliveryDate: 'Friday' }, scoped: false });
    assert.equal(badBody.status, 400);

    const back = await resubmit(buyer, held.code, '2026-12-04');
    assert.equal(back.status, 200, JSON.stringify(back.body));
    assert.equal(back.body.status, 'pendingApproval');
    assert.equal(back.body.deliveryDate, '2026-12-04');
    assert.equal((back.body.approval as { deadline: string }).deadline, '2026-12-03T12:00:00+00:00');
    assert.deepEqual(await decisionsOf(held.code), ['EXPIRE', 'RESUBMIT']);
    assert.equal((await eventsOf(server, held.code, 'approval.requested')).length, 2);
    const twice = await resubmit(buyer, held.code, '2026-12-04');
    assert.equal(twice.status, 409);

    const queue = (await approver.who.call('GET', '/users/current/orderapprovals', { scoped: false })).body.orderApprovals as { code: string }[];
    assert.deepEqual(queue.map((item) => item.code), [held.code]);
    const approved = await approver.who.call('POST', `/users/current/orderapprovals/${held.code}/decision`, { body: { decision: 'APPROVE' }, scoped: false });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    const placed = await eventsOf(server, held.code, 'order.placed');
    assert.equal(placed.length, 2);
    assert.equal((placed[0]?.data.order as { deliveryDate: string }).deliveryDate, '2026-12-04');
    assert.equal(await statusOf(other.code), 'expired');
  });

  it('"Choose another date" places the order when the new date passes no limit', async () => {
    await setClock(server, TUESDAY_MORNING);
    const company = await createCompany(server);
    const buyer = await createPerson(server, company, []);
    await createPerson(server, company, ['approver']);
    const held = await holdTestOrder(server, buyer, company);
    await setClock(server, '2026-12-01T12:00:01Z');
    await runScheduler(server);
    assert.equal(await statusOf(held.code), 'expired');
    // The buyer's limit was raised meanwhile: the order passes none for its new date.
    await setUserOrderLimit(server.database.db, company.soldTo, buyer.id, held.netPence);
    const back = await buyer.who.call('POST', `/users/current/orders/${held.code}/resubmission`, { body: { deliveryDate: '2026-12-04' }, scoped: false });
    assert.equal(back.status, 200, JSON.stringify(back.body));
    assert.equal(back.body.status, 'placed');
    assert.deepEqual((back.body.approval as { reasons: unknown[] }).reasons, []);
    assert.deepEqual(await decisionsOf(held.code), ['EXPIRE', 'RESUBMIT']);
    assert.equal((await eventsOf(server, held.code, 'order.placed')).find((event) => event.channel === 'webhook')?.type, 'order.placed');
    assert.equal((await eventsOf(server, held.code, 'approval.requested')).length, 1);
  });
});
