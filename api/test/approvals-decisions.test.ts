import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { approvalDecisions, auditLog, mailMessages, orders, users } from '../src/db/schema';
import { formatPence } from '../src/pricing/money';
import { setUserOrderLimit } from '../src/approvals/user-order-limit';
import { createCompany, createPerson, eventsOf, holdTestOrder } from './support/approval-helpers';
import { createOperator, operatorToken } from './support/admin-client';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { startTestServer, type TestServer } from './support/test-server';
import { TEST_WEBHOOK_SECRET, WebhookReceiver } from './support/webhook-receiver';

interface QueueItem {
  code: string;
  status: string;
  decidedBy: string;
  secondsLeft: number;
  placedBy: { name: string };
  approval: { reasons: unknown[]; decisions: { decision: string; comment: string | null; by: string | null }[]; deadline: string };
}

describe('approvals: who decides and the decision', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { ...ON_DEMAND_OUTBOX, SHOP_URL: 'https://shop.meadowvale.example' } });
  });
  after(async () => server.close());

  const queue = async (who: { call: (m: string, p: string, o?: { scoped?: boolean }) => Promise<{ status: number; body: Record<string, unknown> }> }) => {
    const answer = await who.call('GET', '/users/current/orderapprovals', { scoped: false });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.orderApprovals as QueueItem[];
  };
  const summary = async (who: { call: (m: string, p: string, o?: { scoped?: boolean }) => Promise<{ status: number; body: Record<string, unknown> }> }) => {
    const answer = await who.call('GET', '/users/current/orderapprovals/summary', { scoped: false });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body;
  };

  it('asks the approvers, lists the order for them, and an approval places it with exactly one order.placed', async () => {
    const company = await createCompany(server);
    const buyer = await createPerson(server, company, [], 'Kitchen Buyer');
    const approver = await createPerson(server, company, ['approver'], 'Head Approver');
    const admin = await createPerson(server, company, ['admin']);
    const held = await holdTestOrder(server, buyer, company);

    // Checkout held it without telling the ERP, and asked the approver (not the admin: approvers come first).
    assert.deepEqual(await eventsOf(server, held.code, 'order.placed'), []);
    const requests = await eventsOf(server, held.code, 'approval.requested');
    assert.deepEqual(requests.map((event) => (event.data.recipient as { email: string }).email), [approver.username]);

    const listed = await queue(approver.who);
    assert.deepEqual(listed.map((item) => item.code), [held.code]);
    assert.equal(listed[0]?.decidedBy, 'approvers');
    assert.equal(listed[0]?.placedBy.name, 'Kitchen Buyer');
    assert.deepEqual(
      listed[0]?.approval.reasons.map((reason) => ({ ...(reason as object), limit: undefined })),
      [{ limit: undefined, type: 'orderThreshold', threshold: 100, periodRange: null, shipTo: null, user: buyer.username, amount: held.netPence, period: null }],
    );
    assert.ok((listed[0]?.secondsLeft ?? 0) > 0);
    // Approvers come first: the admin decides nothing while there is one, and the order is not theirs to see.
    assert.deepEqual(await queue(admin.who), []);
    const byAdmin = await admin.who.call('POST', `/users/current/orderapprovals/${held.code}/decision`, { body: { decision: 'APPROVE' }, scoped: false });
    assert.equal(byAdmin.status, 404, JSON.stringify(byAdmin.body));
    assert.deepEqual(await eventsOf(server, held.code, 'order.placed'), []);

    const approved = await approver.who.call('POST', `/users/current/orderapprovals/${held.code}/decision`, { body: { decision: 'APPROVE', comment: 'Fine for the weekend' }, scoped: false });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(approved.body.status, 'placed');
    const decisions = (approved.body.approval as QueueItem['approval']).decisions;
    assert.deepEqual(decisions.map(({ decision, comment, by }) => ({ decision, comment, by })), [{ decision: 'APPROVE', comment: 'Fine for the weekend', by: 'Head Approver' }]);

    const placedEvents = await eventsOf(server, held.code, 'order.placed');
    assert.deepEqual(placedEvents.map((event) => event.channel).sort(), ['mail', 'webhook']);
    const payload = placedEvents[0]?.data.order as { status: string; placedBy: { name: string } };
    assert.equal(payload.status, 'placed');
    assert.equal(payload.placedBy.name, 'Kitchen Buyer');

    // A second decision, whoever makes it, finds the order decided.
    const again = await approver.who.call('POST', `/users/current/orderapprovals/${held.code}/decision`, { body: { decision: 'REJECT', comment: 'No' }, scoped: false });
    assert.equal(again.status, 409, JSON.stringify(again.body));
    assert.equal((await eventsOf(server, held.code, 'order.placed')).length, 2);
    assert.deepEqual(await queue(approver.who), []);
  });

  it('checkout asks each approver but the buyer by mail, with a link to the queue', async () => {
    const company = await createCompany(server);
    const buyer = await createPerson(server, company, ['approver']);
    const approver = await createPerson(server, company, ['approver'], 'Second Approver');
    const held = await holdTestOrder(server, buyer, company);
    const requests = await eventsOf(server, held.code, 'approval.requested');
    assert.deepEqual(requests.map((event) => (event.data.recipient as { email: string }).email), [approver.username]);
    await dispatch(server);
    const [mail] = await server.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, approver.username));
    assert.ok(mail);
    assert.match(mail.subject, new RegExp(`^Approval needed: order ${held.code} by 12:00 on `));
    // The approver reads whose limit it is, by the buyer's name.
    assert.ok(mail.text.includes(`over the order limit of £1.00 for Test person (${formatPence(held.netPence)})`), mail.text);
    assert.match(mail.text, new RegExp(`https://shop\\.meadowvale\\.example/account/approvals/\\?order=${held.code}`));
  });

  it('refuses the buyer their own order (403), a rejection without a comment (400), another company (404)', async () => {
    const company = await createCompany(server);
    const other = await createCompany(server);
    const buyer = await createPerson(server, company, ['approver', 'admin']);
    const approver = await createPerson(server, company, ['approver']);
    const stranger = await createPerson(server, other, ['approver', 'admin']);
    const held = await holdTestOrder(server, buyer, company);
    const decide = (who: typeof buyer, body: unknown) => who.who.call('POST', `/users/current/orderapprovals/${held.code}/decision`, { body, scoped: false });

    const own = await decide(buyer, { decision: 'APPROVE' });
    assert.equal(own.status, 403, JSON.stringify(own.body));
    assert.equal(own.body.errors?.[0]?.message, 'You cannot decide on your own order');
    const noComment = await decide(approver, { decision: 'REJECT', comment: '  ' });
    assert.equal(noComment.status, 400);
    assert.equal(noComment.body.errors?.[0]?.subject, 'comment');
    const badDecision = await decide(approver, { decision: 'MAYBE' });
    assert.equal(badDecision.status, 400);
    const foreign = await decide(stranger, { decision: 'APPROVE' });
    assert.equal(foreign.status, 404, JSON.stringify(foreign.body));
    assert.deepEqual(await queue(stranger.who), []);
    assert.deepEqual(await queue(buyer.who), []);
    const missing = await approver.who.call('POST', '/users/current/orderapprovals/MV-999999/decision', { body: { decision: 'APPROVE' }, scoped: false });
    assert.equal(missing.status, 404);
    // A buyer disabled since cannot have the order placed for them; it can still be rejected.
    await server.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, buyer.id));
    const disabled = await decide(approver, { decision: 'APPROVE' });
    assert.equal(disabled.status, 409, JSON.stringify(disabled.body));
    assert.equal((await decide(approver, { decision: 'REJECT', comment: 'Left the company' })).status, 200);
  });

  it('rejection needs its comment, keeps it on the order and mails it to the buyer; no order.placed ever', async () => {
    const company = await createCompany(server);
    const buyer = await createPerson(server, company, []);
    const approver = await createPerson(server, company, ['approver'], 'Head Approver');
    const held = await holdTestOrder(server, buyer, company);
    const rejected = await approver.who.call('POST', `/users/current/orderapprovals/${held.code}/decision`, { body: { decision: 'REJECT', comment: 'Too much cream this week' }, scoped: false });
    assert.equal(rejected.status, 200, JSON.stringify(rejected.body));
    assert.equal(rejected.body.status, 'rejected');
    assert.deepEqual(await eventsOf(server, held.code, 'order.placed'), []);
    const notices = await eventsOf(server, held.code, 'approval.rejected');
    assert.equal(notices.length, 1);
    assert.equal(notices[0]?.data.comment, 'Too much cream this week');
    assert.equal((notices[0]?.data.recipient as { email: string }).email, buyer.username);
    await dispatch(server);
    const [mail] = await server.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, buyer.username), eq(mailMessages.subject, `Order ${held.code} was not approved`)));
    assert.ok(mail, 'the rejection mail');
    assert.ok(mail.text.includes('Head Approver rejected it, so it will not be delivered. Their comment: Too much cream this week'), mail.text);
    const [row] = await server.database.db.select().from(approvalDecisions).innerJoin(orders, eq(orders.id, approvalDecisions.orderId)).where(eq(orders.code, held.code));
    assert.equal(row?.approval_decisions.decision, 'REJECT');
    assert.equal(row?.approval_decisions.userId, approver.id);
    // The buyer's order page says rejected; it can no longer be amended.
    const page = await buyer.who.call('GET', `/users/current/orders/${held.code}`, { scoped: false });
    assert.equal(page.body.status, 'rejected');
    assert.equal(page.body.amendable, false);
  });

  it('an approver decides up to their own order limit: above it the admins decide, the approver is told why (403)', async () => {
    const company = await createCompany(server);
    const buyer = await createPerson(server, company, [], 'Kitchen Buyer');
    const small = await createPerson(server, company, ['approver'], 'Small Approver');
    const admin = await createPerson(server, company, ['admin'], 'Priya Shah');
    await setUserOrderLimit(server.database.db, company.soldTo, small.id, 50);
    const held = await holdTestOrder(server, buyer, company);
    assert.ok(held.netPence > 50);

    // The order is above the approver's own limit of £0.50: the admin is asked, and is who the buyer waits for.
    const requests = await eventsOf(server, held.code, 'approval.requested');
    assert.deepEqual(requests.map((event) => (event.data.recipient as { email: string }).email), [admin.username]);
    const page = await buyer.who.call('GET', `/users/current/orders/${held.code}`, { scoped: false });
    assert.deepEqual((page.body.approval as { waitingFor: unknown }).waitingFor, { decidedBy: 'admins', names: ['Priya Shah'] });
    assert.deepEqual(await summary(admin.who), { waiting: 1, earliestDeadline: (page.body.approval as { deadline: string }).deadline });

    // The approver sees it, marked as not theirs to decide, counts nothing, and a decision is refused with why.
    const listed = (await queue(small.who)) as (QueueItem & { canDecide: boolean; yourOrderLimit: { valuePence: number } | null })[];
    assert.deepEqual(listed.map((item) => [item.code, item.decidedBy, item.canDecide, item.yourOrderLimit?.valuePence]), [[held.code, 'admins', false, 50]]);
    assert.deepEqual(await summary(small.who), { waiting: 0, earliestDeadline: null });
    const refused = await small.who.call('POST', `/users/current/orderapprovals/${held.code}/decision`, { body: { decision: 'APPROVE' }, scoped: false });
    assert.equal(refused.status, 403, JSON.stringify(refused.body));
    assert.equal(refused.body.errors?.[0]?.message, `Order ${held.code} is over your own order limit of £0.50: your company's admins decide it`);
    assert.deepEqual(await eventsOf(server, held.code, 'order.placed'), []);

    // Raised to the order's total (at the limit is within it), the approver decides it and the admin no longer does.
    await setUserOrderLimit(server.database.db, company.soldTo, small.id, held.netPence);
    assert.deepEqual((await queue(small.who)).map((item) => [item.code, item.decidedBy, (item as { canDecide?: boolean }).canDecide]), [[held.code, 'approvers', true]]);
    assert.deepEqual(await queue(admin.who), []);
    const waiting = await buyer.who.call('GET', `/users/current/orders/${held.code}`, { scoped: false });
    assert.deepEqual((waiting.body.approval as { waitingFor: unknown }).waitingFor, { decidedBy: 'approvers', names: ['Small Approver'] });
    const approved = await small.who.call('POST', `/users/current/orderapprovals/${held.code}/decision`, { body: { decision: 'APPROVE' }, scoped: false });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    const placed = await buyer.who.call('GET', `/users/current/orders/${held.code}`, { scoped: false });
    assert.equal((placed.body.approval as { waitingFor: unknown }).waitingFor, null);
  });

  it('bubbles up: admins when no other approver, operators when no other admin', async () => {
    const company = await createCompany(server);
    const buyer = await createPerson(server, company, ['approver']);
    const admin = await createPerson(server, company, ['admin'], 'Company Admin');
    const held = await holdTestOrder(server, buyer, company);
    assert.deepEqual((await queue(admin.who)).map((item) => [item.code, item.decidedBy]), [[held.code, 'admins']]);

    const token = await operatorToken(server, await createOperator(server, 'customerService'));
    const adminCall = async (method: string, path: string, body?: unknown) => {
      const response = await server.request(`/admin/v1${path}`, { method, token, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const companyDecides = await adminCall('POST', `/approvals/${held.code}/decision`, { decision: 'APPROVE' });
    assert.equal(companyDecides.status, 409, JSON.stringify(companyDecides.body));
    const everyone = await adminCall('GET', '/approvals?decidedBy=anyone');
    assert.ok((everyone.body.orderApprovals as QueueItem[]).some((item) => item.code === held.code && item.decidedBy === 'admins'));

    // The admin is disabled: nobody at the company but the buyer can decide, so it falls to the operators.
    await server.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, admin.id));
    const mine = await adminCall('GET', '/approvals');
    assert.deepEqual((mine.body.orderApprovals as QueueItem[]).filter((item) => item.code === held.code).map((item) => item.decidedBy), ['operators']);
    const noComment = await adminCall('POST', `/approvals/${held.code}/decision`, { decision: 'REJECT' });
    assert.equal(noComment.status, 400);
    const approved = await adminCall('POST', `/approvals/${held.code}/decision`, { decision: 'APPROVE' });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(approved.body.status, 'placed');
    assert.equal((approved.body.approval as QueueItem['approval']).decisions[0]?.by, 'Test customerService');
    const [audited] = await server.database.db.select().from(auditLog).where(eq(auditLog.subject, `order:${held.code}`));
    assert.deepEqual([audited?.action, audited?.before, (audited?.after as { status: string }).status], ['order.status', { status: 'pendingApproval' }, 'placed']);
    assert.equal((await eventsOf(server, held.code, 'order.placed')).length, 2);
  });

  it('two approvers racing: one decision wins, the other is a 409, one order.placed', async () => {
    const company = await createCompany(server);
    const buyer = await createPerson(server, company, []);
    const first = await createPerson(server, company, ['approver']);
    const second = await createPerson(server, company, ['approver']);
    const held = await holdTestOrder(server, buyer, company);
    const answers = await Promise.all([
      first.who.call('POST', `/users/current/orderapprovals/${held.code}/decision`, { body: { decision: 'APPROVE' }, scoped: false }),
      second.who.call('POST', `/users/current/orderapprovals/${held.code}/decision`, { body: { decision: 'REJECT', comment: 'No' }, scoped: false }),
    ]);
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 409]);
    const decisions = await server.database.db.select().from(approvalDecisions).innerJoin(orders, eq(orders.id, approvalDecisions.orderId)).where(eq(orders.code, held.code));
    assert.equal(decisions.length, 1);
    const placed = (await eventsOf(server, held.code, 'order.placed')).length;
    const rejected = (await eventsOf(server, held.code, 'approval.rejected')).length;
    assert.ok((placed === 2 && rejected === 0) || (placed === 0 && rejected === 1), `${placed} ${rejected}`);
  });

  it('a decision names the version it saw: an amendment in between makes it a 409; racing, one of them wins', async () => {
    const company = await createCompany(server);
    const buyer = await createPerson(server, company, []);
    const approver = await createPerson(server, company, ['approver']);
    const held = await holdTestOrder(server, buyer, company);
    const seen = (await queue(approver.who))[0] as QueueItem & { version: string; entries: { product: { code: string }; quantity: number }[] };
    assert.match(seen.version, /^[0-9a-f]{16}$/);
    const linesWith = (extra: number) => seen.entries.map((entry, index) => ({ product: { code: entry.product.code }, quantity: entry.quantity + (index === 0 ? extra : 0) }));

    const amended = await buyer.who.call('PUT', `/users/current/orders/${held.code}`, { body: { entries: linesWith(1) }, scoped: false });
    assert.equal(amended.status, 200, JSON.stringify(amended.body));
    assert.equal(amended.body.status, 'pendingApproval');
    const stale = await approver.who.call('POST', `/users/current/orderapprovals/${held.code}/decision`, { body: { decision: 'APPROVE', version: seen.version }, scoped: false });
    assert.equal(stale.status, 409, JSON.stringify(stale.body));
    assert.equal(stale.body.errors?.[0]?.subject, 'version');
    assert.deepEqual(await eventsOf(server, held.code, 'order.placed'), []);

    const fresh = (await queue(approver.who))[0] as QueueItem & { version: string };
    assert.notEqual(fresh.version, seen.version);
    const [decision, amendment] = await Promise.all([
      approver.who.call('POST', `/users/current/orderapprovals/${held.code}/decision`, { body: { decision: 'APPROVE', version: fresh.version }, scoped: false }),
      buyer.who.call('PUT', `/users/current/orders/${held.code}`, { body: { entries: linesWith(2) }, scoped: false }),
    ]);
    assert.equal(amendment.status, 200, JSON.stringify(amendment.body));
    const [order] = await server.database.db.select().from(orders).where(eq(orders.code, held.code));
    if (decision.status === 200) {
      // Approved first: the buyer then amended a placed order, over the limit, so it is held again.
      assert.equal(order?.status, 'pendingApproval');
      assert.equal((await eventsOf(server, held.code, 'order.placed')).length, 2);
    } else {
      // Amended first: the approval named what its approver saw, so nothing of it was written.
      assert.equal(decision.status, 409, JSON.stringify(decision.body));
      assert.equal(order?.status, 'pendingApproval');
      assert.deepEqual(await eventsOf(server, held.code, 'order.placed'), []);
    }
  });

  it('a status report cannot place, hold or expire an order; the buyer cancelling a held one tells the ERP nothing', async () => {
    const company = await createCompany(server);
    const buyer = await createPerson(server, company, []);
    await createPerson(server, company, ['approver']);
    const held = await holdTestOrder(server, buyer, company);
    const token = await operatorToken(server, await createOperator(server, 'admin'));
    const report = await server.request(`/admin/v1/orders/${held.code}/status`, { method: 'POST', token, body: JSON.stringify({ status: 'placed' }) });
    assert.equal(report.status, 409);
    assert.match(((await report.json()) as { errors: { message: string }[] }).errors[0]?.message ?? '', /held orders are decided in approvals/);

    const cancelled = await buyer.who.call('POST', `/users/current/orders/${held.code}/cancel`, { scoped: false });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assert.equal(cancelled.body.status, 'cancelled');
    assert.deepEqual((await eventsOf(server, held.code)).filter((event) => event.channel === 'webhook'), []);
  });
});


describe('approvals: the ERP hears of a held order only once it is approved', () => {
  let receiver: WebhookReceiver;
  let server: TestServer;
  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({
      env: { ...ON_DEMAND_OUTBOX, WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, WEBHOOK_ALLOW_PRIVATE: 'true' },
    });
  });
  after(async () => {
    await server.close();
    await receiver.stop();
  });

  it('no order.placed webhook or confirmation before approval, exactly one of each after', async () => {
    const company = await createCompany(server);
    const buyer = await createPerson(server, company, []);
    const approver = await createPerson(server, company, ['approver']);
    const held = await holdTestOrder(server, buyer, company);
    const placedWebhooks = () => receiver.received.filter((delivery) => delivery.body.includes('"order.placed"') && delivery.body.includes(held.code));
    const confirmations = async () => (await server.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, buyer.username))).filter((mail) => mail.subject.includes('received'));

    await dispatch(server);
    assert.equal(placedWebhooks().length, 0);
    assert.equal((await confirmations()).length, 0);

    const approved = await approver.who.call('POST', `/users/current/orderapprovals/${held.code}/decision`, { body: { decision: 'APPROVE' }, scoped: false });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    await dispatch(server);
    await dispatch(server);
    assert.equal(placedWebhooks().length, 1);
    const body = JSON.parse(placedWebhooks()[0]?.body ?? '{}') as { data: { order: { code: string; status: string } } };
    assert.deepEqual([body.data.order.code, body.data.order.status], [held.code, 'placed']);
    assert.equal((await confirmations()).length, 1);
  });
});
