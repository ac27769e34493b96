import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { approvalLimits } from '../src/db/schema';
import { amend, linesOf, orderOf } from './support/amend-helpers';
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
});
