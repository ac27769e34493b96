import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, like } from 'drizzle-orm';
import { outboxMessages, products, shipTos, standingOrderJobs, standingOrders } from '../src/db/schema';
import { operatorToken } from './support/admin-client';
import { fillActiveCart, SOLO, shopper, type Shopper } from './support/cart-helpers';
import { createStandingOrder, queuedReminders, runScheduler, standingOrdersPlaced, type StandingOrderJson } from './support/standing-helpers';
import { setClock } from './support/test-clock';
import { startTestServer, type TestServer } from './support/test-server';

// SOLO's ship-to 0000410001 receives DAIR on Tuesdays and Fridays, cut-off 14:00 London the working day
// before, no PO required. Friday deliveries: reminder Thursday 08:00, cut-off Thursday 14:00 (GMT in winter).
const SHIP_TO = SOLO.shipTo;
const OWNER_DISABLED = 'Not ordered: the user of this standing order is disabled';
const PURCHASE_ORDER_MISSING = 'Not ordered: this account requires a purchase order number; add one to the standing order';

interface Totals {
  totalItems: number;
  totalPriceWithTax: { valuePence: number };
}

describe('standing orders follow the rules of every order (canPlace) and their ship-to as it is now', () => {
  let server: TestServer;
  let solo: Shopper;
  before(async () => {
    server = await startTestServer({ env: { TEST_CLOCK_CONTROL: 'true', STANDING_ORDERS_INTERVAL_SECONDS: '0', OUTBOX_POLL_SECONDS: '60' } });
    solo = await shopper(server, SOLO);
  });
  after(() => server.close());

  const readStanding = async (code: string) => (await solo.call('GET', `/users/current/standingorders/${code}`)).body as unknown as StandingOrderJson & Totals;
  const delivery = async (code: string, date: string) => (await solo.call('GET', `/users/current/standingorders/${code}/deliveries/${date}`)).body as unknown as { state: string; problem: string | null } & Totals;
  const userAction = async (action: 'disable' | 'enable') => {
    const answer = await server.request(`/admin/v1/users/${SOLO.username}/${action}`, { method: 'POST', token: await operatorToken(server) });
    assert.equal(answer.status, 200, await answer.text());
  };

  it('a disabled user gets no reminder and no order; the delivery fails and says why', async () => {
    await setClock(server, '2026-12-01T10:00:00Z');
    await fillActiveCart(server, solo, [2]);
    const standing = await createStandingOrder(solo, { cartId: 'active', weekdays: [5], startDate: '2026-12-02' });
    await userAction('disable');
    try {
      await setClock(server, '2026-12-03T08:00:00Z');
      await runScheduler(server);
      assert.deepEqual(await queuedReminders(server, standing.code), [], 'no reminder to a disabled user');
      await setClock(server, '2026-12-03T14:00:00Z');
      await runScheduler(server);
      assert.deepEqual(await standingOrdersPlaced(server, standing.code), [], 'no order for a disabled user');
    } finally {
      await userAction('enable');
      solo = await shopper(server, SOLO);
    }
    const friday = await delivery(standing.code, '2026-12-04');
    assert.deepEqual([friday.state, friday.problem], ['failed', OWNER_DISABLED]);
    await solo.call('POST', `/users/current/standingorders/${standing.code}/end`);
  });

  it('a ship-to that starts requiring a PO gets no order from a standing order without one, but still the reminder', async () => {
    await setClock(server, '2026-12-07T10:00:00Z');
    await fillActiveCart(server, solo, [1]);
    const standing = await createStandingOrder(solo, { cartId: 'active', weekdays: [5], startDate: '2026-12-08', purchaseOrderNumber: '' });
    await server.database.db.update(shipTos).set({ purchaseOrderRequired: true }).where(eq(shipTos.code, SHIP_TO));
    try {
      await setClock(server, '2026-12-10T08:00:00Z');
      await runScheduler(server);
      assert.equal((await queuedReminders(server, standing.code)).length, 1, 'the reminder still goes: there is time to add the PO');
      await setClock(server, '2026-12-10T14:00:00Z');
      await runScheduler(server);
      assert.deepEqual(await standingOrdersPlaced(server, standing.code), []);
      const friday = await delivery(standing.code, '2026-12-11');
      assert.deepEqual([friday.state, friday.problem], ['failed', PURCHASE_ORDER_MISSING]);
    } finally {
      await server.database.db.update(shipTos).set({ purchaseOrderRequired: false }).where(eq(shipTos.code, SHIP_TO));
    }
    await solo.call('POST', `/users/current/standingorders/${standing.code}/end`);
  });

  it('leaves lines no longer sold out of its totals, in the API and in the reminder', async () => {
    await setClock(server, '2026-12-14T10:00:00Z');
    const [kept, dropped] = await fillActiveCart(server, solo, [3, 2]);
    assert.ok(kept && dropped);
    const standing = await createStandingOrder(solo, { cartId: 'active', weekdays: [5], startDate: '2026-12-15' });
    const whole = await readStanding(standing.code);
    await server.database.db.update(products).set({ discontinued: true }).where(eq(products.code, dropped));
    try {
      const view = await readStanding(standing.code);
      const keptLine = view.lines.find((line) => line.product.code === kept);
      assert.ok(keptLine);
      const friday = await delivery(standing.code, '2026-12-18');
      assert.equal(view.lines.length, 2, 'both lines are still shown');
      assert.ok(view.totalPriceWithTax.valuePence < whole.totalPriceWithTax.valuePence, 'the line no longer sold is not counted');
      assert.deepEqual([view.totalItems, view.totalPriceWithTax], [1, friday.totalPriceWithTax]);

      await setClock(server, '2026-12-17T08:00:00Z');
      await runScheduler(server);
      const [reminder] = await server.database.db
        .select({ payload: outboxMessages.payload })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.type, 'standing_order.reminder'), like(outboxMessages.orderingKey, `${standing.code}/%`)));
      const data = (reminder?.payload as { data: { grossPence: number; lines: unknown[] } } | undefined)?.data;
      assert.deepEqual([data?.lines.length, data?.grossPence], [1, friday.totalPriceWithTax.valuePence]);
    } finally {
      await server.database.db.update(products).set({ discontinued: false }).where(eq(products.code, dropped));
    }
    await solo.call('POST', `/users/current/standingorders/${standing.code}/end`);
  });

  it('re-queues waiting jobs when the ship-to’s cut-off moves: the order is placed at the new cut-off, not the old one', async () => {
    await setClock(server, '2027-01-04T10:00:00Z');
    await fillActiveCart(server, solo, [1]);
    const standing = await createStandingOrder(solo, { cartId: 'active', weekdays: [5], startDate: '2027-01-05' });
    await runScheduler(server);
    const [row] = await server.database.db.select({ id: standingOrders.id }).from(standingOrders).where(eq(standingOrders.code, standing.code));
    assert.ok(row);
    const placementDue = async () =>
      (
        await server.database.db
          .select({ dueAt: standingOrderJobs.dueAt })
          .from(standingOrderJobs)
          .where(and(eq(standingOrderJobs.standingOrderId, row.id), eq(standingOrderJobs.deliveryDate, '2027-01-08'), eq(standingOrderJobs.kind, 'placement')))
      )[0]?.dueAt.toISOString();
    assert.equal(await placementDue(), '2027-01-07T14:00:00.000Z');
    // As the customers import or the back office writes it: 16:00 from now on.
    await server.database.db.update(shipTos).set({ cutoffTime: '16:00' }).where(eq(shipTos.code, SHIP_TO));
    try {
      await setClock(server, '2027-01-07T14:00:00Z');
      await runScheduler(server);
      assert.equal(await placementDue(), '2027-01-07T16:00:00.000Z');
      assert.deepEqual(await standingOrdersPlaced(server, standing.code), [], 'not at the old cut-off: the customer may still change it');
      const stillOpen = await solo.call('PUT', `/users/current/standingorders/${standing.code}/deliveries/2027-01-08`, { body: { skipped: false } });
      assert.equal(stillOpen.status, 200, JSON.stringify(stillOpen.body));
      await setClock(server, '2027-01-07T16:00:00Z');
      await runScheduler(server);
      assert.deepEqual((await standingOrdersPlaced(server, standing.code)).map((order) => order.deliveryDate), ['2027-01-08']);
    } finally {
      await server.database.db.update(shipTos).set({ cutoffTime: '14:00' }).where(eq(shipTos.code, SHIP_TO));
    }
    await solo.call('POST', `/users/current/standingorders/${standing.code}/end`);
  });
});
