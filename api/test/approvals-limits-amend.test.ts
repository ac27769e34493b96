import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { approvalLimits } from '../src/db/schema';
import { approvalChangedMail, type ApprovalChangedData } from '../src/approvals/approval-change-mail';
import { formatPence } from '../src/pricing/money';
import { amendOutcome } from '../src/spending-limits/amend-approval';
import { amend, linesOf, orderOf } from './support/amend-helpers';
import { createCompany, createPerson, eventsOf, holdTestOrder } from './support/approval-helpers';
import { shopper, type Shopper } from './support/cart-helpers';
import { cartFor, checkedOut, eventTypesOf, HARBOUR, type HeldOrderBody, OLD_TOWN } from './support/limit-helpers';
import { ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { startTestServer, type TestServer } from './support/test-server';

describe('amending an order re-checks its limits', () => {
  let server: TestServer;
  let oldTown: Shopper;
  before(async () => {
    server = await startTestServer({ env: { TEST_CLOCK_CONTROL: 'true', ...ON_DEMAND_OUTBOX } });
    oldTown = await shopper(server, OLD_TOWN);
  });
  after(() => server.close());

  let made = 0;
  async function withOrderLimit(thresholdPence: number, work: (code: string) => Promise<void>) {
    const code = `AL-A${String(++made).padStart(5, '0')}`;
    await server.database.db.insert(approvalLimits).values({ code, soldToCode: HARBOUR, type: 'orderThreshold', thresholdPence, shipToCode: OLD_TOWN.shipTo });
    try {
      await work(code);
    } finally {
      await server.database.db.delete(approvalLimits).where(eq(approvalLimits.code, code));
    }
  }

  // Old Town: dairy Monday to Friday, cut-off 14:00 the working day before.
  const wednesday = { at: '2027-01-04T09:00:00Z', deliveryDate: '2027-01-06', quantities: [2, 2] };
  const amended = async (code: string, lines: { code: string; quantity: number }[]) => {
    const answer = await amend(oldTown, code, lines);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body as unknown as HeldOrderBody;
  };

  it('keeps a held order held with the new reasons while it is over; placed with one order.placed once it is within', async () => {
    const net = await cartFor(server, oldTown, wednesday);
    await withOrderLimit(net - 1, async () => {
      const held = await checkedOut(oldTown);
      assert.equal(held.status, 'pendingApproval');
      const lines = linesOf(await orderOf(oldTown, held.code));
      const bigger = await amended(held.code, lines.map((line) => ({ ...line, quantity: line.quantity * 2 })));
      assert.equal(bigger.status, 'pendingApproval');
      assert.equal(bigger.approval?.reasons[0]?.amount, bigger.subTotal.valuePence);
      assert.ok(bigger.subTotal.valuePence > net);
      assert.deepEqual(await eventTypesOf(server, held.code), []);

      const smaller = await amended(held.code, lines.map((line) => ({ ...line, quantity: 1 })));
      assert.equal(smaller.status, 'placed');
      assert.deepEqual(smaller.approval?.reasons, []);
      assert.deepEqual(await eventTypesOf(server, held.code), ['order.placed']);
    });
  });

  it('holds a placed order amended over a limit: the ERP hears it is waiting for approval, not a new order', async () => {
    const net = await cartFor(server, oldTown, wednesday);
    await withOrderLimit(net, async (code) => {
      const placed = await checkedOut(oldTown);
      assert.equal(placed.status, 'placed');
      const lines = linesOf(await orderOf(oldTown, placed.code));
      const over = await amended(placed.code, lines.map((line) => ({ ...line, quantity: line.quantity + 1 })));
      assert.equal(over.status, 'pendingApproval');
      assert.deepEqual(over.approval?.reasons.map((reason) => reason.limit), [code]);
      const detail = await orderOf(oldTown, placed.code);
      assert.deepEqual(detail.statusChanges.map((change) => change.status), ['pendingApproval']);
      assert.deepEqual(await eventTypesOf(server, placed.code), ['order.placed', 'order.status_changed']);
    });
  });

  it('leaves an order within its limits as it was: amended, with no approval block', async () => {
    const net = await cartFor(server, oldTown, wednesday);
    await withOrderLimit(net * 10, async () => {
      const placed = await checkedOut(oldTown);
      const same = await amended(placed.code, linesOf(await orderOf(oldTown, placed.code)));
      assert.equal(same.status, 'placed');
      assert.equal(same.approval, null);
      assert.deepEqual(await eventTypesOf(server, placed.code), ['order.placed', 'order.amended']);
    });
  });

  /** A company with a buyer (limit £1.00, so every order is held) and an approver, and the buyer's held order. */
  async function heldForApprover() {
    const company = await createCompany(server);
    const buyer = await createPerson(server, company, [], 'Site Buyer');
    const approver = await createPerson(server, company, ['approver'], 'Priya Approver');
    const held = await holdTestOrder(server, buyer, company);
    return { company, buyer, approver, held };
  }
  const approve = async (approver: { who: Shopper }, code: string) => {
    const answer = await approver.who.call('POST', `/users/current/orderapprovals/${code}/decision`, { body: { decision: 'APPROVE' }, scoped: false });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
  };
  const changeMails = async (code: string) =>
    (await eventsOf(server, code, 'approval.changed')).map((event) => ({
      to: (event.data.recipient as { email: string }).email,
      change: event.data.change,
      net: (event.data.order as { netPence: number }).netPence,
      was: event.data.previousNetPence,
    }));

  it('keeps the approval of an approved order made smaller, and tells its approver the new total; a larger one is held again', async () => {
    const { buyer, approver, held } = await heldForApprover();
    await approve(approver, held.code);
    const lines = linesOf(await orderOf(buyer.who, held.code));
    const smaller = await amend(buyer.who, held.code, lines.map((line) => ({ ...line, quantity: 1 })));
    assert.equal(smaller.status, 200, JSON.stringify(smaller.body));
    const kept = smaller.body as unknown as HeldOrderBody;
    assert.equal(kept.status, 'placed');
    assert.ok(kept.subTotal.valuePence < held.netPence);
    // The approver sees the reason as it stands now.
    assert.equal(kept.approval?.reasons[0]?.amount, kept.subTotal.valuePence);
    assert.deepEqual(
      (await eventsOf(server, held.code)).filter((event) => event.channel === 'webhook').map((event) => event.type),
      ['order.placed', 'order.amended'],
    );
    assert.deepEqual(await changeMails(held.code), [{ to: approver.username, change: 'keepsApproval', net: kept.subTotal.valuePence, was: held.netPence }]);

    // The same total again keeps it too (a changed PO, say); any rise needs a new approval.
    const same = await amend(buyer.who, held.code, lines.map((line) => ({ ...line, quantity: 1 })), { purchaseOrderNumber: 'PO-2' });
    assert.equal((same.body as unknown as HeldOrderBody).status, 'placed');
    const bigger = await amend(buyer.who, held.code, lines.map((line, index) => ({ ...line, quantity: index === 0 ? 2 : 1 })));
    assert.equal((bigger.body as unknown as HeldOrderBody).status, 'pendingApproval');
    assert.equal((await eventsOf(server, held.code, 'approval.requested')).length, 2);
  });

  it('tells the approver of a held order that changed, with its new total, whether it still waits or was placed', async () => {
    const { buyer, approver, held } = await heldForApprover();
    const lines = linesOf(await orderOf(buyer.who, held.code));
    const changed = await amend(buyer.who, held.code, lines.map((line) => ({ ...line, quantity: line.quantity + 1 })));
    const body = changed.body as unknown as HeldOrderBody;
    assert.equal(body.status, 'pendingApproval');
    assert.deepEqual(await changeMails(held.code), [{ to: approver.username, change: 'staysHeld', net: body.subTotal.valuePence, was: held.netPence }]);
    const [event] = await eventsOf(server, held.code, 'approval.changed');
    const mail = approvalChangedMail(event?.data as unknown as ApprovalChangedData, 'https://shop.example');
    assert.equal(mail.subject, `Order ${held.code} changed: now ${formatPence(body.subTotal.valuePence)} net`);
    assert.match(mail.text, new RegExp(`The new total is ${formatPence(body.subTotal.valuePence).replace('.', '\\.')} net \\(it was ${formatPence(held.netPence).replace('.', '\\.')}\\)`));
    assert.match(mail.text, /It still needs your decision: .* Undecided, it expires then and is not delivered\./);
  });

  it('says before saving whether a change needs a new approval, who decides and by when, and writes nothing', async () => {
    const { buyer, approver, held } = await heldForApprover();
    await approve(approver, held.code);
    const before = await orderOf(buyer.who, held.code);
    const lines = linesOf(before);
    const check = (wanted: typeof lines) =>
      buyer.who.call('POST', `/users/current/orders/${held.code}/amendmentcheck`, {
        scoped: false,
        body: { entries: wanted.map((line) => ({ product: { code: line.code }, quantity: line.quantity })) },
      });
    const bigger = await check(lines.map((line) => ({ ...line, quantity: line.quantity + 1 })));
    assert.equal(bigger.status, 200, JSON.stringify(bigger.body));
    assert.equal(bigger.body.outcome, 'heldAgain');
    assert.equal(bigger.body.needsApproval, true);
    assert.deepEqual(bigger.body.decidedBy, { tier: 'approvers', names: ['Priya Approver'] });
    assert.equal(bigger.body.deadline, before.cutoff);
    assert.ok((bigger.body.netPence as number) > held.netPence);
    assert.equal((bigger.body.reasons as { amount: number }[])[0]?.amount, bigger.body.netPence);

    const smaller = await check(lines.map((line) => ({ ...line, quantity: 1 })));
    assert.equal(smaller.body.outcome, 'keepsApproval');
    assert.equal(smaller.body.needsApproval, false);
    assert.equal(smaller.body.decidedBy, null);

    // Bad lines are refused as saving refuses them; nothing was written by any check.
    const bad = await check([{ code: lines[0]?.code ?? '', quantity: 0 }]);
    assert.equal(bad.status, 400);
    const after = await orderOf(buyer.who, held.code);
    assert.deepEqual(linesOf(after), lines);
    assert.equal(after.status, 'placed');
    assert.deepEqual(
      (await eventsOf(server, held.code)).filter((event) => event.channel === 'webhook').map((event) => event.type),
      ['order.placed'],
    );
  });

  it('an approval covers the total and the limits it was given for', () => {
    const approved = { status: 'placed' as const, netPence: 10_000, approvalReasons: [{ limit: 'AL-1' }] };
    const over = (limit: string, netPence: number) => ({ netPence, reasons: [{ limit, type: 'orderThreshold' as const, threshold: 1, periodRange: null, shipTo: null, user: null, amount: netPence, period: null }] });
    assert.equal(amendOutcome(approved, over('AL-1', 10_000)), 'keepsApproval');
    assert.equal(amendOutcome(approved, over('AL-1', 10_001)), 'heldAgain');
    // A limit added since the approval was never approved over.
    assert.equal(amendOutcome(approved, over('AL-2', 5_000)), 'heldAgain');
    assert.equal(amendOutcome({ ...approved, approvalReasons: [] }, over('AL-1', 5_000)), 'heldAgain');
    assert.equal(amendOutcome(approved, { netPence: 20_000, reasons: [] }), 'amended');
    assert.equal(amendOutcome({ ...approved, status: 'pendingApproval' }, over('AL-1', 1)), 'staysHeld');
    assert.equal(amendOutcome({ ...approved, status: 'pendingApproval' }, { netPence: 1, reasons: [] }), 'placed');
  });
});
