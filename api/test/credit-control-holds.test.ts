// test:api:embedded: placing, holding, releasing and expiring orders for credit run on both engines (row locks, partial indexes, triggers)
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { setUserOrderLimit } from '../src/approvals/user-order-limit';
import { auditLog, creditHolds, orders } from '../src/db/schema';
import { amend, linesOf, orderOf } from './support/amend-helpers';
import { createCompany, createPerson, eventsOf, type Person, type TestCompany } from './support/approval-helpers';
import { adminCall, creditFeedEnv, decideHold, feedToken, sendInvoice, setCredit } from './support/credit-control-helpers';
import { cartFor, checkedOut, type HeldOrderBody } from './support/limit-helpers';
import { reportStatus } from './support/integration-client';
import { operatorToken } from './support/admin-client';
import { ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { runScheduler } from './support/standing-helpers';
import { setClock } from './support/test-clock';
import { startTestServer, type TestServer } from './support/test-server';

// Monday 1 March 2027, 09:00 London: Wednesday 3 March's cut-off is 12:00 on Tuesday 2 March.
const MONDAY = '2027-03-01T09:00:00Z';
const DELIVERY = '2027-03-03';
const CUTOFF = '2027-03-02T12:00:00Z';

type CreditOrderBody = HeldOrderBody & { totalPriceWithTax: { valuePence: number }; creditHold: { message: string; decision: string | null; comment: string | null; deadline: string } | null };

describe('credit control: orders held for credit, released, rejected and expired', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { ...creditFeedEnv(), ...ON_DEMAND_OUTBOX, TEST_CLOCK_CONTROL: 'true', STANDING_ORDERS_INTERVAL_SECONDS: '0' } });
  });
  after(async () => server.close());

  const webhookTypes = async (code: string) => (await eventsOf(server, code)).filter((event) => event.channel === 'webhook').map((event) => event.type);
  const checkout = async (buyer: Person): Promise<CreditOrderBody> => {
    await cartFor(server, buyer.who, { at: MONDAY, deliveryDate: DELIVERY });
    return (await checkedOut(buyer.who)) as CreditOrderBody;
  };
  const credit = async (buyer: Person) => (await buyer.who.call('GET', '/users/current/credit', { scoped: false })).body.soldTos as { code: string; limit: { valuePence: number }; exposure: { valuePence: number }; available: { valuePence: number }; onHold: boolean; reason: string | null }[];
  const company = async (): Promise<{ company: TestCompany; buyer: Person }> => {
    const made = await createCompany(server);
    return { company: made, buyer: await createPerson(server, made, [], 'Cara Buyer') };
  };

  it('places as before for a sold-to without a credit record', async () => {
    const { buyer } = await company();
    const placed = await checkout(buyer);
    assert.equal(placed.status, 'placed');
    assert.equal(placed.creditHold, null);
    assert.deepEqual(await credit(buyer), []);
  });

  it("holds every order of a sold-to on hold, says why at checkout, and the ERP hears nothing until it is released", async () => {
    const { company: made, buyer } = await company();
    await setCredit(server, made.soldTo, { limit: 10_000_000, onHold: true, reason: 'Invoice 4471 is 60 days overdue' });
    const held = await checkout(buyer);
    assert.equal(held.status, 'awaitingCredit');
    assert.equal(held.creditHold?.message, 'Your account is on hold: Invoice 4471 is 60 days overdue. Your order is waiting for our credit team.');
    assert.equal(held.creditHold?.deadline, held.cutoff);
    assert.deepEqual(await webhookTypes(held.code), []);
    const notice = await eventsOf(server, held.code, 'credit.held');
    assert.deepEqual(notice.map((event) => event.data.why), [held.creditHold?.message]);

    const queue = (await adminCall(server, await operatorToken(server), 'GET', '/credit-holds')).body.creditHolds as { code: string; hold: { kind: string; message: string }; soldTo: { code: string }; creditNow: { onHold: boolean } }[];
    const listed = queue.find((item) => item.code === held.code);
    assert.equal(listed?.hold.kind, 'onHold');
    assert.equal(listed?.soldTo.code, made.soldTo);
    assert.equal(listed?.creditNow.onHold, true);

    const released = await decideHold(server, held.code, 'RELEASE');
    assert.equal(released.status, 200, JSON.stringify(released.body));
    assert.equal(released.body.status, 'placed');
    assert.deepEqual(await webhookTypes(held.code), ['order.placed']);
    assert.equal((await orderOf(buyer.who, held.code)).status, 'placed');
    const audited = await server.database.db.select().from(auditLog).where(and(eq(auditLog.subject, `order:${held.code}`), eq(auditLog.action, 'order.status')));
    assert.deepEqual(audited.map((entry) => [entry.before, (entry.after as { status: string }).status]), [[{ status: 'awaitingCredit' }, 'placed']]);
    const [kept] = await server.database.db.select({ decision: creditHolds.decision }).from(creditHolds).innerJoin(orders, eq(orders.id, creditHolds.orderId)).where(eq(orders.code, held.code));
    assert.equal(kept?.decision, 'RELEASE');

    const twice = await decideHold(server, held.code, 'RELEASE');
    assert.equal(twice.status, 409);
    assert.equal((await adminCall(server, await operatorToken(server), 'GET', '/credit-holds')).body.creditHolds instanceof Array, true);
  });

  it('counts unpaid invoices and placed orders not yet invoiced, and holds the order that would pass the limit', async () => {
    const { company: made, buyer } = await company();
    await setCredit(server, made.soldTo, { limit: 10_000_000, onHold: false });
    const first = await checkout(buyer);
    assert.equal(first.status, 'placed');
    const firstGross = first.totalPriceWithTax.valuePence;
    const unpaid = await sendInvoice(server, made.soldTo, 1_000);
    assert.equal((await credit(buyer))[0]?.exposure.valuePence, firstGross + 1_000);
    // Invoicing the order moves it from on order to owed: the same exposure.
    await sendInvoice(server, made.soldTo, firstGross, [first.code]);
    assert.equal((await credit(buyer))[0]?.exposure.valuePence, firstGross + 1_000);
    const paid = await adminCall(server, await feedToken(server), 'POST', `/invoices/${unpaid}/payments`, { amount: 1_000, paidAt: '2027-03-01T08:00:00Z', reference: 'BACS-1' });
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    assert.equal((await credit(buyer))[0]?.exposure.valuePence, firstGross);

    // £5.00 left: the next order is more than that.
    await setCredit(server, made.soldTo, { limit: firstGross + 500, onHold: false });
    const [standing] = await credit(buyer);
    assert.deepEqual([standing?.available.valuePence, standing?.onHold], [500, false]);
    const held = await checkout(buyer);
    assert.equal(held.status, 'awaitingCredit');
    const gross = (held.totalPriceWithTax.valuePence / 100).toFixed(2);
    assert.equal(held.creditHold?.message, `This order (£${gross}) would take your account over its credit limit: £5.00 is available. Your order is waiting for our credit team.`);
    // A held order spends no credit: the sold-to still has £5.00.
    assert.equal((await credit(buyer))[0]?.available.valuePence, 500);
  });

  it('rejects with a comment, which the buyer is told; the ERP never hears of the order', async () => {
    const { company: made, buyer } = await company();
    await setCredit(server, made.soldTo, { limit: 0, onHold: false });
    const held = await checkout(buyer);
    assert.equal(held.status, 'awaitingCredit');
    const bare = await decideHold(server, held.code, 'REJECT');
    assert.equal(bare.status, 400);
    assert.equal(bare.body.errors?.[0]?.subject, 'comment');
    const rejected = await decideHold(server, held.code, 'REJECT', 'Please settle invoice 4471 first');
    assert.equal(rejected.status, 200, JSON.stringify(rejected.body));
    assert.equal(rejected.body.status, 'rejected');
    const order = (await buyer.who.call('GET', `/users/current/orders/${held.code}`, { scoped: false })).body as unknown as CreditOrderBody;
    assert.equal(order.status, 'rejected');
    assert.deepEqual([order.creditHold?.decision, order.creditHold?.comment], ['REJECT', 'Please settle invoice 4471 first']);
    assert.deepEqual((await eventsOf(server, held.code, 'credit.rejected')).map((event) => event.data.why), ['Please settle invoice 4471 first']);
    assert.deepEqual(await eventsOf(server, held.code, 'approval.rejected'), []);
    assert.deepEqual(await webhookTypes(held.code), []);
    assert.equal((await decideHold(server, held.code, 'RELEASE')).status, 409);
  });

  it('expires an undecided order at its cut-off and tells the buyer; a release after it is a 409', async () => {
    const { company: made, buyer } = await company();
    await setCredit(server, made.soldTo, { limit: 0, onHold: false });
    const held = await checkout(buyer);
    await setClock(server, '2027-03-02T11:59:59Z');
    await runScheduler(server);
    assert.equal((await orderOf(buyer.who, held.code)).status, 'awaitingCredit');
    await setClock(server, CUTOFF);
    await runScheduler(server);
    assert.equal((await orderOf(buyer.who, held.code)).status, 'expired');
    assert.equal((await eventsOf(server, held.code, 'credit.expired')).length, 1);
    assert.deepEqual(await eventsOf(server, held.code, 'approval.expired'), []);
    assert.deepEqual(await webhookTypes(held.code), []);
    const late = await decideHold(server, held.code, 'RELEASE');
    assert.equal(late.status, 409);
    await setClock(server, null);
  });

  it('asks for credit after approval: an approved order of a sold-to on hold waits for credit', async () => {
    const { company: made, buyer } = await company();
    const approver = await createPerson(server, made, ['approver'], 'Ada Approver');
    await setUserOrderLimit(server.database.db, made.soldTo, buyer.id, 100);
    await setCredit(server, made.soldTo, { limit: 10_000_000, onHold: true, reason: null });
    const held = await checkout(buyer);
    assert.equal(held.status, 'pendingApproval');
    assert.equal(held.creditHold, null);
    assert.equal(held.approval?.reasons.length, 1);
    const approved = await approver.who.call('POST', `/users/current/orderapprovals/${held.code}/decision`, { body: { decision: 'APPROVE' }, scoped: false });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    const waiting = await orderOf(buyer.who, held.code);
    assert.equal(waiting.status, 'awaitingCredit');
    assert.equal((waiting as unknown as CreditOrderBody).creditHold?.message, 'Your account is on hold. Your order is waiting for our credit team.');
    assert.deepEqual(await webhookTypes(held.code), []);
    assert.equal((await decideHold(server, held.code, 'RELEASE')).status, 200);
    const placed = (await orderOf(buyer.who, held.code)) as unknown as CreditOrderBody;
    assert.equal(placed.status, 'placed');
    assert.equal(placed.approval?.reasons.length, 1, 'the limit it was approved over stays on the order');
    assert.deepEqual(await webhookTypes(held.code), ['order.placed']);
  });

  it('lets the buyer cancel an order waiting for credit; the ERP never hears of it and the queue drops it', async () => {
    const { company: made, buyer } = await company();
    await setCredit(server, made.soldTo, { limit: 0, onHold: false });
    const held = await checkout(buyer);
    assert.equal(held.status, 'awaitingCredit');
    const cancelled = await buyer.who.call('POST', `/users/current/orders/${held.code}/cancel`, { scoped: false });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assert.equal((await orderOf(buyer.who, held.code)).status, 'cancelled');
    assert.deepEqual(await webhookTypes(held.code), []);
    const queue = (await adminCall(server, await operatorToken(server), 'GET', '/credit-holds')).body.creditHolds as { code: string }[];
    assert.equal(queue.some((item) => item.code === held.code), false);
    assert.equal((await decideHold(server, held.code, 'RELEASE')).status, 409);
  });

  it('keeps an amended order waiting for credit, telling the ERP nothing, with the hold of now', async () => {
    const { company: made, buyer } = await company();
    await setCredit(server, made.soldTo, { limit: 0, onHold: false });
    const held = await checkout(buyer);
    const bigger = await amend(buyer.who, held.code, linesOf(await orderOf(buyer.who, held.code)).map((line) => ({ ...line, quantity: line.quantity + 1 })));
    assert.equal(bigger.status, 200, JSON.stringify(bigger.body));
    const amended = bigger.body as unknown as CreditOrderBody;
    assert.equal(amended.status, 'awaitingCredit');
    const gross = (amended.totalPriceWithTax.valuePence / 100).toFixed(2);
    assert.equal((await orderOf(buyer.who, held.code) as unknown as CreditOrderBody).creditHold?.message, `This order (£${gross}) would take your account over its credit limit: £0.00 is available. Your order is waiting for our credit team.`);
    assert.deepEqual(await webhookTypes(held.code), []);
    assert.equal((await eventsOf(server, held.code, 'credit.held')).length, 1, 'the buyer is told once, when it was first held');
  });

  it('lets no status report move an order in or out of awaitingCredit', async () => {
    const { company: made, buyer } = await company();
    await setCredit(server, made.soldTo, { limit: 0, onHold: false });
    const held = await checkout(buyer);
    for (const status of ['placed', 'confirmed', 'cancelled']) {
      const report = await reportStatus(server, await operatorToken(server), held.code, { status });
      assert.equal(report.status, 409, `${status}: ${JSON.stringify(report.body)}`);
      assert.equal(report.body.errors?.[0]?.message, `An order that is awaitingCredit cannot become ${status} by a status report: held orders are decided in approvals or by the credit team`);
    }
    assert.equal((await orderOf(buyer.who, held.code)).status, 'awaitingCredit');
  });

  it('answers 404 for an unknown order, 409 for one not waiting, 400 for bad input, 403 for customers', async () => {
    const { buyer } = await company();
    const placed = await checkout(buyer);
    assert.equal((await decideHold(server, 'MV-999999999', 'RELEASE')).status, 404);
    const notWaiting = await decideHold(server, placed.code, 'RELEASE');
    assert.equal(notWaiting.status, 409);
    assert.equal(notWaiting.body.errors?.[0]?.message, `Order '${placed.code}' is not waiting for credit (it is placed)`);
    const token = await operatorToken(server);
    assert.equal((await adminCall(server, token, 'POST', `/credit-holds/${placed.code}/decision`, { decision: 'MAYBE' })).status, 400);
    assert.equal((await adminCall(server, token, 'POST', '/credit-holds/bad code/decision', { decision: 'RELEASE' })).status, 400);
    assert.equal((await adminCall(server, buyer.who.token, 'GET', '/credit-holds')).status, 403);
    assert.equal((await adminCall(server, await feedToken(server), 'GET', '/credit-holds')).status, 403);
  });
});
