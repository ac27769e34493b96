import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { orders, prices, products } from '../src/db/schema';
import { fillActiveCart, MULTI_CHIL_PO, SOLO, shopper, type Shopper } from './support/cart-helpers';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { SmtpSink } from './support/smtp-sink';
import {
  createStandingOrder,
  errorOf,
  queuedReminders,
  runScheduler,
  standingOrdersPlaced,
  type StandingOrderJson,
} from './support/standing-helpers';
import { setClock } from './support/test-clock';
import { startTestServer, type TestServer } from './support/test-server';

// SOLO (sold-to 0000100002) receives DAIR on Tuesdays and Fridays, cut-off 14:00 London the working day before.
const SOLD_TO = '0000100002';
const env = (smtpUrl?: string) => ({
  TEST_CLOCK_CONTROL: 'true',
  STANDING_ORDERS_INTERVAL_SECONDS: '0',
  SHOP_URL: 'https://shop.meadowvale.example',
  ...ON_DEMAND_OUTBOX,
  ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
});

const readStanding = async (who: Shopper, code: string) => (await who.call('GET', `/users/current/standingorders/${code}`)).body as unknown as StandingOrderJson;

describe('standing-order scheduler: reminder and placement', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let solo: Shopper;
  before(async () => {
    sink = await new SmtpSink().start();
    server = await startTestServer({ env: env(sink.url) });
    solo = await shopper(server, SOLO);
  });
  after(async () => {
    await server.close();
    await sink.stop();
  });

  it('reminds once at 08:00 the working day before, naming lines no longer sold, and orders at the cut-off at that moment’s prices', async () => {
    await setClock(server, '2026-12-01T10:00:00Z');
    const [kept, dropped] = await fillActiveCart(server, solo, [3, 2]);
    assert.ok(kept && dropped);
    const standing = await createStandingOrder(solo, { cartId: 'active', name: 'Friday dairy', weekdays: [5], startDate: '2026-12-02' });
    await server.database.db.update(products).set({ discontinued: true }).where(eq(products.code, dropped));

    // Friday 4 December: reminder Thursday 3 December 08:00, cut-off 14:00 (GMT).
    await setClock(server, '2026-12-03T07:59:00Z');
    await runScheduler(server);
    assert.equal((await queuedReminders(server, standing.code)).length, 0, 'no reminder a minute early');
    await setClock(server, '2026-12-03T08:00:00Z');
    await runScheduler(server);
    await runScheduler(server);
    assert.deepEqual(await queuedReminders(server, standing.code), [{ key: `${standing.code}/2026-12-04` }]);
    await dispatch(server);
    const reminder = sink.mails.find((mail) => mail.subject?.includes('Friday dairy'));
    assert.ok(reminder, 'the reminder mail');
    assert.equal(reminder.subject, `Standing order ${standing.code} (Friday dairy): delivery Friday 4 December 2026`);
    const text = reminder.text ?? '';
    assert.ok(text.includes(`https://shop.meadowvale.example/account/standing-orders/${standing.code}/deliveries/2026-12-04/`));
    assert.ok(text.includes('14:00 on 3 December 2026'), text);
    assert.match(text, /No longer sold, left out of this order:\n.*\(/);
    assert.ok(text.includes(dropped), 'the reminder names the line no longer sold');

    // The price changes after the reminder; the order takes the price of the cut-off.
    await server.database.db
      .insert(prices)
      .values({ soldToCode: SOLD_TO, productCode: kept, pricePence: 1234 })
      .onConflictDoUpdate({ target: [prices.soldToCode, prices.productCode], set: { pricePence: 1234 } });
    await setClock(server, '2026-12-03T13:59:00Z');
    await runScheduler(server);
    assert.equal((await standingOrdersPlaced(server, standing.code)).length, 0, 'no order a minute before the cut-off');
    await setClock(server, '2026-12-03T14:00:00Z');
    await runScheduler(server);
    await runScheduler(server);
    const placed = await standingOrdersPlaced(server, standing.code);
    assert.deepEqual(placed.map((order) => order.deliveryDate), ['2026-12-04']);
    const orderCode = placed[0]?.code ?? '';
    const order = await solo.call('GET', `/users/current/orders/${orderCode}`, { scoped: false });
    assert.equal(order.status, 200);
    const entries = order.body.entries as { quantity: number; product: { code: string }; basePrice: { valuePence: number } }[];
    assert.deepEqual(entries.map((entry) => [entry.product.code, entry.quantity, entry.basePrice.valuePence]), [[kept, 3, 1234]]);
    const after = await readStanding(solo, standing.code);
    assert.deepEqual(after.nextDeliveries[0] && [after.nextDeliveries[0].state, after.nextDeliveries[0].orderCode], ['placed', orderCode]);
    await dispatch(server);
    assert.ok(sink.mails.find((mail) => mail.subject?.startsWith(`Order ${orderCode} received`)), 'the confirmation mail');
    const late = await solo.call('PUT', `/users/current/standingorders/${standing.code}/deliveries/2026-12-04`, { body: { skipped: true } });
    assert.equal(late.status, 409);
    assert.equal(sink.mails.filter((mail) => mail.subject?.includes('Friday dairy')).length, 1, 'one reminder mail');
    await solo.call('POST', `/users/current/standingorders/${standing.code}/end`);
    // Ended, it orders nothing more, but the order it placed is still to come and stays linked.
    const ended = await readStanding(solo, standing.code);
    assert.deepEqual(ended.nextDeliveries.map((delivery) => [delivery.date, delivery.state, delivery.orderCode]), [['2026-12-04', 'placed', orderCode]]);
  });

  it('sends nothing for a skipped delivery, and a delivery whose lines are all no longer sold fails and says why', async () => {
    await setClock(server, '2026-12-07T10:00:00Z');
    const [only] = await fillActiveCart(server, solo, [1]);
    assert.ok(only);
    const standing = await createStandingOrder(solo, { cartId: 'active', weekdays: [2, 5], startDate: '2026-12-08' });
    const skip = await solo.call('PUT', `/users/current/standingorders/${standing.code}/deliveries/2026-12-08`, { body: { skipped: true } });
    assert.equal(skip.status, 200);
    await setClock(server, '2026-12-07T14:00:00Z');
    await runScheduler(server);
    assert.equal((await queuedReminders(server, standing.code)).length, 0);
    assert.equal((await standingOrdersPlaced(server, standing.code)).length, 0);
    await server.database.db.update(products).set({ discontinued: true }).where(eq(products.code, only));
    await setClock(server, '2026-12-10T14:00:00Z');
    await runScheduler(server);
    await server.database.db.update(products).set({ discontinued: false }).where(eq(products.code, only));
    const after = await readStanding(solo, standing.code);
    const friday = after.nextDeliveries.find((delivery) => delivery.date === '2026-12-11');
    assert.deepEqual(friday && [friday.state, friday.problem], ['failed', 'Not ordered: none of the lines is sold any more']);
    assert.equal((await standingOrdersPlaced(server, standing.code)).length, 0);
    await solo.call('POST', `/users/current/standingorders/${standing.code}/end`);
  });

  it('while paused sends no reminder and places nothing; a cut-off passed while paused is not placed after resuming', async () => {
    await setClock(server, '2026-12-14T10:00:00Z');
    await fillActiveCart(server, solo, [1]);
    const standing = await createStandingOrder(solo, { cartId: 'active', weekdays: [2, 5], startDate: '2026-12-15' });
    await solo.call('POST', `/users/current/standingorders/${standing.code}/pause`);
    await setClock(server, '2026-12-14T14:30:00Z');
    await runScheduler(server);
    assert.equal((await queuedReminders(server, standing.code)).length, 0);
    await solo.call('POST', `/users/current/standingorders/${standing.code}/resume`);
    await runScheduler(server);
    assert.equal((await standingOrdersPlaced(server, standing.code)).length, 0);
    const tuesday = (await readStanding(solo, standing.code)).nextDeliveries[0];
    assert.deepEqual(tuesday && [tuesday.date, tuesday.state, tuesday.problem], ['2026-12-15', 'skipped', 'Not ordered: the cut-off passed before the standing order was made or resumed']);
    // The next delivery, Friday 18 December, is ordered as usual.
    await setClock(server, '2026-12-17T14:00:00Z');
    await runScheduler(server);
    assert.deepEqual((await standingOrdersPlaced(server, standing.code)).map((order) => order.deliveryDate), ['2026-12-18']);
    await solo.call('POST', `/users/current/standingorders/${standing.code}/end`);
  });

  it('places late when the scheduler was down at the cut-off, while the delivery date is still ahead; after it, the delivery fails and says why', async () => {
    await setClock(server, '2027-01-11T10:00:00Z');
    await fillActiveCart(server, solo, [1]);
    const standing = await createStandingOrder(solo, { cartId: 'active', weekdays: [2, 5], startDate: '2027-01-12' });
    await runScheduler(server);
    // Nothing runs from before Tuesday's cut-off (Monday 14:00) until Tuesday 09:00, or through Friday's.
    await setClock(server, '2027-01-12T09:00:00Z');
    await runScheduler(server);
    assert.deepEqual((await standingOrdersPlaced(server, standing.code)).map((order) => order.deliveryDate), [], 'Tuesday has come: too late');
    await setClock(server, '2027-01-14T18:00:00Z');
    await runScheduler(server);
    assert.deepEqual((await standingOrdersPlaced(server, standing.code)).map((order) => order.deliveryDate), ['2027-01-15'], 'Friday ordered late');
    const states = (await readStanding(solo, standing.code)).nextDeliveries;
    assert.equal(states.find((delivery) => delivery.date === '2027-01-15')?.state, 'placed');
    await setClock(server, '2027-01-12T09:00:00Z');
    const tuesday = (await solo.call('GET', `/users/current/standingorders/${standing.code}/deliveries/2027-01-12`)).body;
    assert.deepEqual([tuesday.state, tuesday.problem], ['failed', 'Not ordered: the scheduler was not running between the cut-off and the delivery date']);
    await solo.call('POST', `/users/current/standingorders/${standing.code}/end`);
  });

  it('across the October clock change: Tuesday 27 October 2026 closes Monday 14:00 GMT, Friday 23 October at 14:00 BST', async () => {
    await setClock(server, '2026-10-20T10:00:00Z');
    await fillActiveCart(server, solo, [1]);
    const standing = await createStandingOrder(solo, { cartId: 'active', weekdays: [2, 5], startDate: '2026-10-21' });
    assert.deepEqual(
      standing.nextDeliveries.slice(0, 3).map((delivery) => [delivery.date, delivery.cutoff]),
      [
        ['2026-10-23', '2026-10-22T14:00:00+01:00'],
        ['2026-10-27', '2026-10-26T14:00:00+00:00'],
        ['2026-10-30', '2026-10-29T14:00:00+00:00'],
      ],
    );
    await setClock(server, '2026-10-22T12:59:00Z');
    await runScheduler(server);
    assert.equal((await standingOrdersPlaced(server, standing.code)).length, 0, 'a minute before 14:00 BST');
    await setClock(server, '2026-10-22T13:00:00Z');
    await runScheduler(server);
    assert.deepEqual((await standingOrdersPlaced(server, standing.code)).map((order) => order.deliveryDate), ['2026-10-23']);
    await setClock(server, '2026-10-26T13:59:00Z');
    await runScheduler(server);
    assert.equal((await standingOrdersPlaced(server, standing.code)).length, 1, 'after the change, 13:00 UTC is no longer the cut-off');
    await setClock(server, '2026-10-26T14:00:00Z');
    await runScheduler(server);
    assert.deepEqual((await standingOrdersPlaced(server, standing.code)).map((order) => order.deliveryDate).sort(), ['2026-10-23', '2026-10-27']);
    await solo.call('POST', `/users/current/standingorders/${standing.code}/end`);
  });

  it('a transaction that fails half-way leaves nothing behind, and the job runs again later: still one order', async () => {
    await setClock(server, '2027-02-01T10:00:00Z');
    await fillActiveCart(server, solo, [2]);
    const standing = await createStandingOrder(solo, { cartId: 'active', weekdays: [5], startDate: '2027-02-02' });
    // The order is written, then its lines fail: the whole transaction, order and job mark, rolls back.
    await server.database.db.execute(sql`create or replace function mv_test_fail_lines() returns trigger language plpgsql as $$
      begin raise exception 'test: order lines refused'; end $$`);
    await server.database.db.execute(sql`create trigger mv_test_fail_lines before insert on order_lines for each row execute function mv_test_fail_lines()`);
    try {
      await setClock(server, '2027-02-04T14:00:00Z');
      const failed = await runScheduler(server);
      assert.ok(failed.placed === 0);
      assert.equal((await standingOrdersPlaced(server, standing.code)).length, 0);
    } finally {
      await server.database.db.execute(sql`drop trigger mv_test_fail_lines on order_lines`);
    }
    await setClock(server, '2027-02-04T15:00:00Z');
    await runScheduler(server);
    await runScheduler(server);
    assert.deepEqual((await standingOrdersPlaced(server, standing.code)).map((order) => order.deliveryDate), ['2027-02-05']);
    await solo.call('POST', `/users/current/standingorders/${standing.code}/end`);
  });

  it('takes the cart’s PO number and instructions into every order; an account that requires a PO refuses a standing order without one', async () => {
    const kitchen = await shopper(server, MULTI_CHIL_PO);
    // Northgate Catering Kitchen: CHIL on Mondays and Thursdays, cut-off 15:30 the working day before, PO required.
    await setClock(server, '2026-12-01T10:00:00Z');
    await fillActiveCart(server, kitchen, [2]);
    const details = await kitchen.call('PUT', '/users/current/carts/active', { body: { purchaseOrderNumber: 'PO-STANDING-7', deliveryInstructions: 'Back door, chiller on the left' } });
    assert.equal(details.status, 200, JSON.stringify(details.body));

    const withoutPo = await kitchen.call('POST', '/users/current/standingorders', { body: { cartId: 'active', weekdays: [4], startDate: '2026-12-02', purchaseOrderNumber: '' } });
    assert.equal(withoutPo.status, 400);
    assert.equal(errorOf(withoutPo).subject, 'purchaseOrderNumber');

    const standing = await createStandingOrder(kitchen, { cartId: 'active', weekdays: [4], startDate: '2026-12-02' });
    assert.equal((standing as unknown as { purchaseOrderNumber: string }).purchaseOrderNumber, 'PO-STANDING-7');
    const cleared = await kitchen.call('PUT', `/users/current/standingorders/${standing.code}`, { body: { purchaseOrderNumber: null } });
    assert.equal(cleared.status, 400);
    assert.equal(errorOf(cleared).subject, 'purchaseOrderNumber');

    // Thursday 3 December: cut-off Wednesday 2 December 15:30 GMT.
    await setClock(server, '2026-12-02T15:30:00Z');
    await runScheduler(server);
    const [placed] = await standingOrdersPlaced(server, standing.code);
    assert.ok(placed, 'the order was placed at the cut-off');
    const [order] = await server.database.db
      .select({ purchaseOrderNumber: orders.purchaseOrderNumber, deliveryInstructions: orders.deliveryInstructions })
      .from(orders)
      .where(eq(orders.code, placed.code));
    assert.deepEqual(order, { purchaseOrderNumber: 'PO-STANDING-7', deliveryInstructions: 'Back door, chiller on the left' });
  });
});
