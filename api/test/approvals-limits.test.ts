import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { approvalLimits, userRoles, users } from '../src/db/schema';
import { periodOf } from '../src/spending-limits/limit-check';
import { shopper, type Shopper } from './support/cart-helpers';
import { createCompany, createPerson, holdTestOrder } from './support/approval-helpers';
import { placeTestOrder } from './support/order-helpers';
import { cartFor, checkedOut, eventTypesOf, HARBOUR, type HeldOrderBody, OLD_TOWN, QUAYSIDE } from './support/limit-helpers';
import { ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { startTestServer, type TestServer } from './support/test-server';

describe('spending limits at checkout', () => {
  let server: TestServer;
  let quayside: Shopper;
  let oldTown: Shopper;
  before(async () => {
    server = await startTestServer({ env: { TEST_CLOCK_CONTROL: 'true', ...ON_DEMAND_OUTBOX } });
    quayside = await shopper(server, QUAYSIDE);
    oldTown = await shopper(server, OLD_TOWN);
  });
  after(() => server.close());

  let made = 0;
  /** A limit for this test only, removed when `work` is done. */
  async function withLimit(values: Partial<typeof approvalLimits.$inferInsert> & { type: string; thresholdPence: number }, work: (code: string) => Promise<void>) {
    const code = `AL-T${String(++made).padStart(5, '0')}`;
    await server.database.db.insert(approvalLimits).values({ code, soldToCode: HARBOUR, ...values });
    try {
      await work(code);
    } finally {
      await server.database.db.delete(approvalLimits).where(eq(approvalLimits.code, code));
    }
  }

  // Quayside's dairy comes on Tuesdays, Thursdays and Saturdays; cut-off 12:00 the working day before.
  const thursday = { at: '2027-01-04T09:00:00Z', deliveryDate: '2027-01-07' };

  it('holds an order over a per-order limit by a penny; at or under the limit it is placed', async () => {
    const net = await cartFor(server, quayside, thursday);
    await withLimit({ type: 'orderThreshold', thresholdPence: net, shipToCode: QUAYSIDE.shipTo }, async () => {
      const atLimit = await checkedOut(quayside);
      assert.equal(atLimit.status, 'placed');
      assert.equal(atLimit.approval, null);
    });
    await cartFor(server, quayside, thursday);
    await withLimit({ type: 'orderThreshold', thresholdPence: net + 1, shipToCode: QUAYSIDE.shipTo }, async () => {
      assert.equal((await checkedOut(quayside)).status, 'placed');
    });
    await cartFor(server, quayside, thursday);
    await withLimit({ type: 'orderThreshold', thresholdPence: net - 1, shipToCode: QUAYSIDE.shipTo }, async (code) => {
      const held = await checkedOut(quayside);
      assert.equal(held.status, 'pendingApproval');
      assert.deepEqual(held.approval, {
        reasons: [{ limit: code, type: 'orderThreshold', threshold: net - 1, periodRange: null, shipTo: QUAYSIDE.shipTo, user: null, amount: net, period: null }],
        decisions: [],
        deadline: held.cutoff,
      });
      assert.equal(held.cutoff, '2027-01-06T12:00:00+00:00');
      // Neither the ERP nor the buyer's confirmation hears of a held order.
      assert.deepEqual(await eventTypesOf(server, held.code), []);
      const detail = await quayside.call('GET', `/users/current/orders/${held.code}`, { scoped: false });
      assert.equal(detail.status, 200);
      // The order's own page also says whom it waits for (docs/approvals.md "Who decides").
      assert.deepEqual((detail.body as unknown as HeldOrderBody).approval, { ...held.approval, waitingFor: { decidedBy: 'approvers', names: ['Helen Marsh'] } });
      const history = await quayside.call('GET', '/users/current/orders');
      const listed = (history.body.orders as HeldOrderBody[]).find((order) => order.code === held.code);
      assert.equal(listed?.status, 'pendingApproval');
      assert.deepEqual(listed?.approval, held.approval);
    });
  });

  it("a user's own per-order limit holds only that user's orders, at every ship-to of the sold-to", async () => {
    const [multi] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, QUAYSIDE.username));
    const net = await cartFor(server, oldTown, { at: '2027-01-04T09:00:00Z', deliveryDate: '2027-01-06' });
    await withLimit({ type: 'orderThreshold', thresholdPence: net - 1, userId: multi?.id }, async (code) => {
      const held = await checkedOut(oldTown);
      assert.equal(held.status, 'pendingApproval');
      assert.deepEqual(held.approval?.reasons.map((reason) => [reason.limit, reason.user, reason.shipTo]), [[code, QUAYSIDE.username, null]]);
    });
    // Solo's ship-to is another company's: the limit does not reach it.
    const solo = await shopper(server, { username: 'solo@example.com', shipTo: '0000410001', salesOrg: 'DAIR' });
    await cartFor(server, solo, { at: '2027-01-04T09:00:00Z', deliveryDate: '2027-01-08' });
    await withLimit({ type: 'orderThreshold', thresholdPence: 1, shipToCode: QUAYSIDE.shipTo }, async () => {
      assert.equal((await checkedOut(solo)).status, 'placed');
    });
  });

  it('counts the ship-to’s placed orders of the same London week, not the week after the clocks change', async () => {
    // Old Town takes dairy Monday to Friday. British Summer Time ends on Sunday 31 October 2027.
    const at = '2027-10-20T09:00:00Z';
    const first = await cartFor(server, oldTown, { at, deliveryDate: '2027-10-25' });
    await withLimit({ type: 'periodThreshold', periodRange: 'WEEK', thresholdPence: first * 2, shipToCode: OLD_TOWN.shipTo }, async (code) => {
      assert.equal((await checkedOut(oldTown)).status, 'placed');
      // Monday 1 November starts a new week: the first order does not count there.
      await cartFor(server, oldTown, { at, deliveryDate: '2027-11-01' });
      assert.equal((await checkedOut(oldTown)).status, 'placed');
      // Friday 29 October is in the first order's week: two of them make exactly the budget, three pass it.
      await cartFor(server, oldTown, { at, deliveryDate: '2027-10-29' });
      assert.equal((await checkedOut(oldTown)).status, 'placed');
      await cartFor(server, oldTown, { at, deliveryDate: '2027-10-27', quantities: [1] });
      const held = await checkedOut(oldTown);
      assert.equal(held.status, 'pendingApproval');
      assert.deepEqual(held.approval?.reasons.map(({ limit, periodRange, amount, period }) => ({ limit, periodRange, amount, period })), [
        { limit: code, periodRange: 'WEEK', amount: first * 2 + held.subTotal.valuePence, period: { from: '2027-10-25', to: '2027-10-31' } },
      ]);
    });
  });

  it("does not count other buyers' held orders against the week's budget: only placed ones spend it", async () => {
    const company = await createCompany(server);
    const held = await holdTestOrder(server, await createPerson(server, company, []), company);
    const [code] = await server.database.db
      .insert(approvalLimits)
      .values({ code: `AL-T${String(++made).padStart(5, '0')}`, soldToCode: company.soldTo, type: 'periodThreshold', periodRange: 'WEEK', thresholdPence: held.netPence, shipToCode: company.shipTo })
      .returning({ code: approvalLimits.code });
    const other = await createPerson(server, company, []);
    // The same lines for the same day: exactly the budget on its own, over it if the held order counted.
    const placed = (await placeTestOrder(server, other.who)) as unknown as HeldOrderBody;
    assert.equal(placed.deliveryDate, held.deliveryDate);
    assert.equal(placed.status, 'placed');
    // Now the week's budget is spent by a placed order: the next one passes it, with the placed order counted.
    const next = (await placeTestOrder(server, other.who, [1])) as unknown as HeldOrderBody;
    assert.equal(next.status, 'pendingApproval');
    assert.equal(next.approval?.reasons[0]?.limit, code?.code);
    assert.equal(next.approval?.reasons[0]?.amount, held.netPence + next.subTotal.valuePence);
  });

  it('counts a London month from its first to its last day', async () => {
    const at = '2027-11-24T09:00:00Z';
    const first = await cartFor(server, oldTown, { at, deliveryDate: '2027-11-30' });
    await withLimit({ type: 'periodThreshold', periodRange: 'MONTH', thresholdPence: first, shipToCode: OLD_TOWN.shipTo }, async () => {
      // November already has the clock-change week's orders: this one passes the month's budget.
      const held = await checkedOut(oldTown);
      assert.equal(held.status, 'pendingApproval');
      assert.deepEqual(held.approval?.reasons[0]?.period, { from: '2027-11-01', to: '2027-11-30' });
      // December is a new month.
      await cartFor(server, oldTown, { at, deliveryDate: '2027-12-01' });
      assert.equal((await checkedOut(oldTown)).status, 'placed');
    });
  });

  it('reads weeks and months off the calendar date, whatever the clocks do', () => {
    assert.deepEqual(periodOf('2027-03-28', 'WEEK'), { from: '2027-03-22', to: '2027-03-28' });
    assert.deepEqual(periodOf('2027-03-29', 'WEEK'), { from: '2027-03-29', to: '2027-04-04' });
    assert.deepEqual(periodOf('2027-10-31', 'WEEK'), { from: '2027-10-25', to: '2027-10-31' });
    assert.deepEqual(periodOf('2027-12-31', 'MONTH'), { from: '2027-12-01', to: '2027-12-31' });
    assert.deepEqual(periodOf('2028-02-29', 'MONTH'), { from: '2028-02-01', to: '2028-02-29' });
  });
  interface CompanyPage {
    orders: (HeldOrderBody & { shipTo: { code: string; name: string }; placedBy: { name: string; email: string } })[];
    pagination: { totalResults: number };
    totalNet: { valuePence: number };
    period: { range: string; from: string; to: string } | null;
    sites: { code: string; name: string }[];
    buyers: { uid: string; name: string }[];
  }
  const companyPage = async (who: Shopper, query: string): Promise<CompanyPage> => {
    const answer = await who.call('GET', `/users/current/orders?scope=company&pageSize=100&${query}`, { scoped: false });
    assert.equal(answer.status, 200, `${query}: ${JSON.stringify(answer.body)}`);
    return answer.body as unknown as CompanyPage;
  };
  const codesOf = (page: CompanyPage) => page.orders.map((order) => order.code).sort();

  it("shows head office every order of its sold-tos' sites, held or decided, filtered; a buyer only their own; never another company's", async () => {
    const BUYER = { username: 'buyer@example.com', shipTo: QUAYSIDE.shipTo, salesOrg: 'DAIR' };
    const buyer = await shopper(server, BUYER);
    const head = await shopper(server, { username: 'head@example.com', shipTo: QUAYSIDE.shipTo, salesOrg: 'DAIR' });
    const solo = await shopper(server, { username: 'solo@example.com', shipTo: '0000410001', salesOrg: 'DAIR' });
    const at = '2028-05-08T09:00:00Z';
    await cartFor(server, buyer, { at, deliveryDate: '2028-05-11', quantities: [1] });
    const buyers = await checkedOut(buyer);
    await cartFor(server, oldTown, { at, deliveryDate: '2028-05-10', quantities: [1] });
    const multis = await checkedOut(oldTown);
    await cartFor(server, solo, { at, deliveryDate: '2028-05-12', quantities: [1] });
    const solos = await checkedOut(solo);
    let held = '';
    await cartFor(server, buyer, { at, deliveryDate: '2028-05-13', quantities: [1] });
    await withLimit({ type: 'orderThreshold', thresholdPence: 1, shipToCode: QUAYSIDE.shipTo }, async () => {
      held = (await checkedOut(buyer)).code;
    });
    const deliveredThatWeek = 'from=2028-05-10&to=2028-05-13';

    const all = await companyPage(head, deliveredThatWeek);
    assert.deepEqual(codesOf(all), [buyers.code, multis.code, held].sort());
    assert.deepEqual(all.sites.map((site) => site.code), [QUAYSIDE.shipTo, OLD_TOWN.shipTo].sort((a, b) => (a === OLD_TOWN.shipTo ? -1 : b === OLD_TOWN.shipTo ? 1 : 0)));
    assert.ok(all.buyers.some((entry) => entry.uid === 'buyer@example.com' && entry.name === 'Ben Carter'));
    assert.ok(!all.buyers.some((entry) => entry.uid === 'solo@example.com'));
    const buyersOrder = all.orders.find((order) => order.code === buyers.code);
    assert.deepEqual(buyersOrder?.placedBy, { name: 'Ben Carter', email: 'buyer@example.com' });
    assert.equal(buyersOrder?.shipTo.name, 'Harbour Café – Quayside');
    assert.equal(all.pagination.totalResults, 3);
    assert.equal(all.totalNet.valuePence, all.orders.reduce((sum, order) => sum + order.subTotal.valuePence, 0));

    assert.deepEqual(codesOf(await companyPage(head, `${deliveredThatWeek}&site=${OLD_TOWN.shipTo}`)), [multis.code]);
    assert.deepEqual(codesOf(await companyPage(head, `${deliveredThatWeek}&buyer=Buyer@Example.com`)), [buyers.code, held].sort());
    assert.deepEqual(codesOf(await companyPage(head, `${deliveredThatWeek}&status=pendingApproval`)), [held]);
    assert.deepEqual(codesOf(await companyPage(head, 'from=2028-05-14&to=2028-05-20')), []);

    // Decided, the order stays in head office's view.
    const decided = await head.call('POST', `/users/current/orderapprovals/${held}/decision`, { body: { decision: 'APPROVE' }, scoped: false });
    assert.equal(decided.status, 200, JSON.stringify(decided.body));
    assert.equal((await companyPage(head, deliveredThatWeek)).orders.find((order) => order.code === held)?.status, 'placed');

    // A plain buyer has no company view, and their history is their own.
    const refused = await buyer.call('GET', '/users/current/orders?scope=company', { scoped: false });
    assert.equal(refused.status, 403);
    const own = (await buyer.call('GET', '/users/current/orders?pageSize=100')).body.orders as { code: string }[];
    assert.ok(own.some((order) => order.code === buyers.code));
    assert.ok(!own.some((order) => order.code === multis.code));

    // The admin of another sold-to sees its orders only; Harbour's sites are not found.
    const [soloUser] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'solo@example.com'));
    await server.database.db.insert(userRoles).values({ userId: soloUser?.id ?? 0, soldToCode: '0000100002', role: 'admin' });
    try {
      assert.deepEqual(codesOf(await companyPage(solo, deliveredThatWeek)), [solos.code]);
      const other = await solo.call('GET', `/users/current/orders?scope=company&site=${QUAYSIDE.shipTo}`, { scoped: false });
      assert.equal(other.status, 404);
      const otherHeld = await solo.call('GET', `/users/current/orders?scope=company&period=WEEK&heldOrder=${held}`, { scoped: false });
      assert.equal(otherHeld.status, 404);
      assert.ok(!codesOf(await companyPage(head, deliveredThatWeek)).includes(solos.code));
    } finally {
      await server.database.db.delete(userRoles).where(eq(userRoles.userId, soloUser?.id ?? 0));
    }

    for (const bad of ['scope=all', 'scope=company&status=lost', 'scope=company&from=2028-02-30', 'scope=company&from=2028-05-09&to=2028-05-08', 'scope=company&period=DAY', 'scope=company&period=WEEK', 'scope=company&periodDate=2028-05-08', 'scope=company&site=%27%3B--', 'scope=company&pageSize=0']) {
      const answer = await head.call('GET', `/users/current/orders?${bad}`, { scoped: false });
      assert.equal(answer.status, 400, `${bad}: ${JSON.stringify(answer.body)}`);
    }
  });

  it("lists exactly the orders a period limit counts, and their total is the check's", async () => {
    const head = await shopper(server, { username: 'head@example.com', shipTo: OLD_TOWN.shipTo, salesOrg: 'DAIR' });
    const at = '2028-03-01T09:00:00Z';
    const first = await cartFor(server, oldTown, { at, deliveryDate: '2028-03-06' });
    await withLimit({ type: 'periodThreshold', periodRange: 'WEEK', thresholdPence: first * 2, shipToCode: OLD_TOWN.shipTo }, async () => {
      const placed = await checkedOut(oldTown);
      await cartFor(server, oldTown, { at, deliveryDate: '2028-03-08' });
      const cancelled = await checkedOut(oldTown);
      assert.equal((await oldTown.call('POST', `/users/current/orders/${cancelled.code}/cancel`, { scoped: false })).status, 200);
      await cartFor(server, oldTown, { at, deliveryDate: '2028-03-13' });
      const nextWeek = await checkedOut(oldTown);
      await cartFor(server, oldTown, { at, deliveryDate: '2028-03-08' });
      const second = await checkedOut(oldTown);
      await cartFor(server, oldTown, { at, deliveryDate: '2028-03-10', quantities: [1] });
      const held = await checkedOut(oldTown);
      assert.equal(held.status, 'pendingApproval');
      const reason = held.approval?.reasons[0];

      const spend = await companyPage(head, `period=WEEK&heldOrder=${held.code}`);
      assert.deepEqual(spend.period, { range: 'WEEK', from: '2028-03-06', to: '2028-03-12' });
      assert.deepEqual(codesOf(spend), [placed.code, second.code, held.code].sort());
      assert.equal(spend.totalNet.valuePence, reason?.amount);
      assert.equal(spend.pagination.totalResults, 3);

      const thisWeek = await companyPage(head, `period=WEEK&site=${OLD_TOWN.shipTo}&periodDate=2028-03-12`);
      assert.ok([placed.code, second.code].every((code) => codesOf(thisWeek).includes(code)));
      assert.ok(![cancelled.code, nextWeek.code].some((code) => codesOf(thisWeek).includes(code)));
      assert.equal(thisWeek.totalNet.valuePence, thisWeek.orders.reduce((sum, order) => sum + order.subTotal.valuePence, 0));
    });
  });
});
