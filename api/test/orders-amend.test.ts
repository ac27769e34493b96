import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, asc, eq } from 'drizzle-orm';
import { orderStatusChanges, orders, outboxMessages, prices, users, userShipTos } from '../src/db/schema';
import { amend, assertTotalsAddUp, cancel, linesOf, orderOf, placeOrderAt } from './support/amend-helpers';
import { setClock } from './support/test-clock';
import { MULTI_CHIL_PO, productWith, sellableProducts, shopper, SOLO, type Shopper } from './support/cart-helpers';
import { integrationEnv, integrationToken, reportStatus } from './support/integration-client';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { SmtpSink } from './support/smtp-sink';
import { startTestServer, type TestServer } from './support/test-server';

/** Harbour Café – Old Town: dairy Monday to Friday, cut-off 14:00 on the working day before. */
const OLD_TOWN = { username: 'multi@example.com', shipTo: '0000410003', salesOrg: 'DAIR' } as const;
const CUTOFF_MESSAGE = 'The cut-off for this delivery has passed';

describe('changing a placed order until its cut-off', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let solo: Shopper;
  let oldTown: Shopper;
  before(async () => {
    sink = await new SmtpSink().start();
    server = await startTestServer({
      env: {
        TEST_CLOCK_CONTROL: 'true',
        SMTP_URL: sink.url,
        MAIL_FROM: 'Meadowvale Foods <orders@meadowvale.example>',
        SHOP_URL: 'https://shop.meadowvale.example',
        ...ON_DEMAND_OUTBOX,
        ...integrationEnv(),
      },
    });
    solo = await shopper(server, SOLO);
    oldTown = await shopper(server, OLD_TOWN);
  });
  after(async () => {
    await server.close();
    await sink.stop();
  });

  const mailsAbout = (code: string) => sink.mails.filter((mail) => mail.subject?.includes(code));
  const eventsOf = (code: string) =>
    server.database.db.select().from(outboxMessages).where(and(eq(outboxMessages.orderingKey, code), eq(outboxMessages.channel, 'webhook'))).orderBy(asc(outboxMessages.id));

  // Solo's dairy comes on Tuesday 8 December 2026; the cut-off is Monday 7 December, 14:00 GMT.
  const placeForTuesday = (quantities?: number[], details?: Record<string, string>) =>
    placeOrderAt(server, solo, { at: '2026-12-04T09:00:00Z', deliveryDate: '2026-12-08', quantities, details });

  it('answers cutoff and amendable with every order', async () => {
    const order = await placeForTuesday();
    assert.equal(order.cutoff, '2026-12-07T14:00:00+00:00');
    assert.equal(order.amendable, true);
    await setClock(server, '2026-12-07T14:00:00Z');
    assert.equal((await orderOf(solo, order.code)).amendable, false);
  });

  it('amends lines, quantities, PO and instructions, with totals and VAT from the prices of now; writes order.amended and mails the user', async () => {
    const order = await placeForTuesday([3, 2], { purchaseOrderNumber: 'PO-FIRST' });
    const [first, second, third] = await sellableProducts(server, 'DAIR', 3);
    assert.ok(first && second && third);
    // The price of the first line goes up after the order was placed: the amendment pays today's price.
    const before = order.entries[0]?.basePrice.valuePence ?? 0;
    await server.database.db
      .insert(prices)
      .values({ soldToCode: '0000100002', productCode: first, pricePence: before + 123 })
      .onConflictDoUpdate({ target: [prices.soldToCode, prices.productCode], set: { pricePence: before + 123 } });
    await setClock(server, '2026-12-07T13:59:00Z');
    const answer = await amend(solo, order.code, [{ code: first, quantity: 5 }, { code: third, quantity: 1 }], {
      purchaseOrderNumber: 'PO-AMENDED',
      deliveryInstructions: 'Back door, ring twice',
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const amended = await orderOf(solo, order.code);
    assert.deepEqual(linesOf(amended), [{ code: first, quantity: 5 }, { code: third, quantity: 1 }]);
    assert.deepEqual(amended.entries.map((entry) => entry.entryNumber), [0, 1]);
    assert.equal(amended.entries[0]?.basePrice.valuePence, before + 123);
    assert.equal(amended.purchaseOrderNumber, 'PO-AMENDED');
    assert.equal(amended.deliveryInstructions, 'Back door, ring twice');
    assert.equal(amended.status, 'placed');
    assert.equal(amended.amendable, true);
    assertTotalsAddUp(amended);
    assert.deepEqual(answer.body.totalPriceWithTax, amended.totalPriceWithTax);

    const events = await eventsOf(order.code);
    assert.deepEqual(events.map((event) => event.type), ['order.placed', 'order.amended']);
    const payload = events[1]?.payload as { data: { order: { purchaseOrderNumber: string; grossPence: number; lines: { productCode: string; quantity: number }[]; placedBy: { email: string } } } };
    assert.equal(payload.data.order.purchaseOrderNumber, 'PO-AMENDED');
    assert.equal(payload.data.order.grossPence, amended.totalPriceWithTax.valuePence);
    assert.deepEqual(payload.data.order.lines.map((line) => [line.productCode, line.quantity]), [[first, 5], [third, 1]]);
    assert.equal(payload.data.order.placedBy.email, SOLO.username);

    await dispatch(server);
    const mail = mailsAbout(order.code).find((m) => m.subject?.startsWith(`Order ${order.code} changed`));
    assert.ok(mail, 'the amendment mail');
    assert.equal(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined, SOLO.username);
    assert.match(mail.subject ?? '', /changed: delivery Tuesday 8 December 2026$/);
    assert.ok(mail.text?.includes('PO number: PO-AMENDED'));
    assert.ok(mail.text?.includes(`5 x `));
  });

  it('keeps PO and instructions when the body leaves them out, and clears them with an empty string', async () => {
    const order = await placeForTuesday([1], { purchaseOrderNumber: 'PO-KEEP', deliveryInstructions: 'Leave at gate' });
    await setClock(server, '2026-12-05T10:00:00Z');
    const lines = linesOf(order);
    assert.equal((await amend(solo, order.code, lines)).status, 200);
    assert.equal((await orderOf(solo, order.code)).purchaseOrderNumber, 'PO-KEEP');
    assert.equal((await amend(solo, order.code, lines, { purchaseOrderNumber: '', deliveryInstructions: null })).status, 200);
    const cleared = await orderOf(solo, order.code);
    assert.equal(cleared.purchaseOrderNumber, null);
    assert.equal(cleared.deliveryInstructions, null);
  });

  it('refuses bad lines with 400 naming the line, and changes nothing', async () => {
    const order = await placeForTuesday([3, 2]);
    await setClock(server, '2026-12-05T10:00:00Z');
    const [good] = await sellableProducts(server, 'DAIR', 1);
    const [chilled] = await sellableProducts(server, 'CHIL', 1);
    const discontinued = await productWith(server, 'DAIR', 'discontinued');
    const minimum = await productWith(server, 'DAIR', 'minimum');
    assert.ok(good && chilled);
    const cases: [unknown, string, RegExp][] = [
      [[{ product: { code: good }, quantity: 1 }, { product: { code: 'NO-SUCH-1' }, quantity: 1 }], 'entries.1.product.code', /^Line 2: Product 'NO-SUCH-1' not found/],
      [[{ product: { code: discontinued.code }, quantity: 1 }], 'entries.0.product.code', /no longer sold/],
      [[{ product: { code: chilled }, quantity: 1 }], 'entries.0.product.code', /not in the DAIR range/],
      [[{ product: { code: minimum.code }, quantity: minimum.minOrderQuantity - 1 }], 'entries.0.quantity', new RegExp(`at least ${minimum.minOrderQuantity} cases`)],
      [[{ product: { code: good }, quantity: 1 }, { product: { code: good }, quantity: 2 }], 'entries.1.product.code', /already on an earlier line/],
      [[{ product: { code: good }, quantity: 0 }], 'entries.0.quantity', /at least 1/],
      [[{ product: { code: good }, quantity: 10_000 }], 'entries.0.quantity', /./],
      [[{ product: { code: good }, quantity: 1.5 }], 'entries.0.quantity', /whole number/],
      [[], 'entries', /at least one line/],
      ['lines', 'entries', /./],
    ];
    for (const [entries, subject, message] of cases) {
      const answer = await solo.call('PUT', `/users/current/orders/${order.code}`, { scoped: false, body: { entries } });
      assert.equal(answer.status, 400, `${subject}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.errors?.[0]?.subject, subject);
      assert.match(answer.body.errors?.[0]?.message ?? '', message);
    }
    const tooLongPo = await amend(solo, order.code, linesOf(order), { purchaseOrderNumber: 'P'.repeat(36) });
    assert.equal(tooLongPo.status, 400);
    assert.equal(tooLongPo.body.errors?.[0]?.subject, 'purchaseOrderNumber');
    const unchanged = await orderOf(solo, order.code);
    assert.deepEqual(linesOf(unchanged), linesOf(order));
    assert.deepEqual(unchanged.totalPriceWithTax, order.totalPriceWithTax);
    assert.deepEqual((await eventsOf(order.code)).map((event) => event.type), ['order.placed']);
  });

  it('refuses to clear the PO number of a ship-to that requires one', async () => {
    const kitchen = await shopper(server, MULTI_CHIL_PO);
    // Northgate receives chilled on Monday and Thursday; cut-off 15:30 on the working day before.
    const order = await placeOrderAt(server, kitchen, { at: '2026-12-07T09:00:00Z', deliveryDate: '2026-12-10', quantities: [1], details: { purchaseOrderNumber: 'NG-1' } });
    const answer = await amend(kitchen, order.code, linesOf(order), { purchaseOrderNumber: '' });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.errors?.[0]?.subject, 'purchaseOrderNumber');
  });

  it('cancels: status cancelled in the history, order.cancelled written, the user mailed; then nothing more changes it', async () => {
    const order = await placeForTuesday([2]);
    await setClock(server, '2026-12-07T13:59:00Z');
    const answer = await cancel(solo, order.code);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.status, 'cancelled');
    assert.equal(answer.body.amendable, false);
    const cancelled = await orderOf(solo, order.code);
    assert.equal(cancelled.status, 'cancelled');
    assert.deepEqual(cancelled.statusChanges.map((change) => change.status), ['cancelled']);
    const [change] = await server.database.db
      .select()
      .from(orderStatusChanges)
      .innerJoin(orders, eq(orders.id, orderStatusChanges.orderId))
      .where(eq(orders.code, order.code));
    assert.equal(change?.order_status_changes.fromStatus, 'placed');
    assert.equal(change?.order_status_changes.changedBy, `customer:${SOLO.username}`);

    const events = await eventsOf(order.code);
    assert.deepEqual(events.map((event) => event.type), ['order.placed', 'order.cancelled']);
    assert.deepEqual((events[1]?.payload as { data: { statusChange: { previousStatus: string } } }).data.statusChange.previousStatus, 'placed');
    await dispatch(server);
    const mail = mailsAbout(order.code).find((m) => m.subject === `Order ${order.code} cancelled`);
    assert.ok(mail, 'the cancellation mail');
    assert.ok(mail.text?.includes('has been cancelled at your request'));

    const again = await cancel(solo, order.code);
    assert.equal(again.status, 409);
    assert.equal(again.body.errors?.[0]?.reason, 'notAmendable');
    assert.equal((await amend(solo, order.code, linesOf(order))).status, 409);
    const erp = await integrationToken(server);
    assert.equal((await reportStatus(server, erp, order.code, { status: 'confirmed' })).status, 409);
  });

  it('one minute before the cut-off it changes; one minute after it answers 409 with the reason and changes nothing', async () => {
    const order = await placeForTuesday([3, 2]);
    const [, , third] = await sellableProducts(server, 'DAIR', 3);
    assert.ok(third);
    await setClock(server, '2026-12-07T13:59:00Z');
    assert.equal((await amend(solo, order.code, [{ code: third, quantity: 4 }])).status, 200);
    await setClock(server, '2026-12-07T14:01:00Z');
    for (const answer of [await amend(solo, order.code, linesOf(order)), await cancel(solo, order.code)]) {
      assert.equal(answer.status, 409);
      assert.deepEqual(answer.body.errors?.[0], { type: 'OrderError', reason: 'cutoffPassed', message: CUTOFF_MESSAGE, subject: 'code' });
    }
    const after = await orderOf(solo, order.code);
    assert.deepEqual(linesOf(after), [{ code: third, quantity: 4 }]);
    assert.equal(after.status, 'placed');
    assert.equal(after.amendable, false);
    assert.deepEqual((await eventsOf(order.code)).map((event) => event.type), ['order.placed', 'order.amended']);
  });

  /** Amending at one minute before and one minute after `cutoffUtc` (which the view must state as `cutoffLondon`). */
  async function aroundCutoff(order: { code: string; cutoff: string }, cutoffLondon: string, cutoffUtc: string) {
    assert.equal(order.cutoff, cutoffLondon);
    assert.equal(new Date(order.cutoff).toISOString(), new Date(cutoffUtc).toISOString());
    const instant = new Date(cutoffUtc).getTime();
    await setClock(server, new Date(instant - 60_000).toISOString());
    const view = await orderOf(oldTown, order.code);
    assert.equal(view.amendable, true);
    assert.equal((await amend(oldTown, order.code, linesOf(view).map((line) => ({ ...line, quantity: line.quantity + 1 })))).status, 200);
    await setClock(server, new Date(instant + 60_000).toISOString());
    const late = await amend(oldTown, order.code, linesOf(view));
    assert.equal(late.status, 409);
    assert.equal(late.body.errors?.[0]?.message, CUTOFF_MESSAGE);
  }

  it('across the October clock change: a Monday delivery closes on Friday at 14:00 BST, a Tuesday one on Monday at 14:00 GMT', async () => {
    // Clocks go back on Sunday 25 October 2026.
    const monday = await placeOrderAt(server, oldTown, { at: '2026-10-21T09:00:00Z', deliveryDate: '2026-10-26' });
    await aroundCutoff(monday, '2026-10-23T14:00:00+01:00', '2026-10-23T13:00:00Z');
    const tuesday = await placeOrderAt(server, oldTown, { at: '2026-10-23T09:00:00Z', deliveryDate: '2026-10-27' });
    await aroundCutoff(tuesday, '2026-10-26T14:00:00+00:00', '2026-10-26T14:00:00Z');
  });

  it('across the March clock change: a Monday delivery closes on Friday at 14:00 GMT, a Tuesday one on Monday at 14:00 BST', async () => {
    // Clocks go forward on Sunday 29 March 2026.
    const monday = await placeOrderAt(server, oldTown, { at: '2026-03-25T09:00:00Z', deliveryDate: '2026-03-30' });
    await aroundCutoff(monday, '2026-03-27T14:00:00+00:00', '2026-03-27T14:00:00Z');
    const tuesday = await placeOrderAt(server, oldTown, { at: '2026-03-27T09:00:00Z', deliveryDate: '2026-03-31' });
    await aroundCutoff(tuesday, '2026-03-30T14:00:00+01:00', '2026-03-30T13:00:00Z');
  });

  it('around a bank holiday: the Tuesday after the spring bank holiday closes on the Friday before', async () => {
    // Monday 25 May 2026 is the spring bank holiday; Solo's Tuesday delivery closes Friday 22 May, 14:00 BST.
    const order = await placeOrderAt(server, solo, { at: '2026-05-20T09:00:00Z', deliveryDate: '2026-05-26', quantities: [2] });
    assert.equal(order.cutoff, '2026-05-22T14:00:00+01:00');
    await setClock(server, '2026-05-22T12:59:00Z');
    assert.equal((await amend(solo, order.code, [{ code: order.entries[0]?.product.code ?? '', quantity: 6 }])).status, 200);
    await setClock(server, '2026-05-22T13:01:00Z');
    assert.equal((await cancel(solo, order.code)).status, 409);
    // On the holiday itself, the day before the delivery, the order is long closed.
    await setClock(server, '2026-05-25T09:00:00Z');
    const onHoliday = await cancel(solo, order.code);
    assert.equal(onHoliday.status, 409);
    assert.equal(onHoliday.body.errors?.[0]?.reason, 'cutoffPassed');
  });

  it('follows the status table: confirmed can still change, picking cannot', async () => {
    const order = await placeForTuesday([3]);
    await setClock(server, '2026-12-05T10:00:00Z');
    const erp = await integrationToken(server);
    assert.equal((await reportStatus(server, erp, order.code, { status: 'confirmed' })).status, 200);
    assert.equal((await amend(solo, order.code, [{ code: order.entries[0]?.product.code ?? '', quantity: 4 }])).status, 200);
    assert.equal((await reportStatus(server, erp, order.code, { status: 'picking' })).status, 200);
    for (const answer of [await amend(solo, order.code, linesOf(order)), await cancel(solo, order.code)]) {
      assert.equal(answer.status, 409);
      assert.equal(answer.body.errors?.[0]?.reason, 'notAmendable');
      assert.match(answer.body.errors?.[0]?.message ?? '', /is picking and can no longer be changed/);
    }
    assert.equal((await orderOf(solo, order.code)).entries[0]?.quantity, 4);
  });

  it("answers another user's order, and a missing one, with 404, even when that user holds the ship-to", async () => {
    const order = await placeForTuesday([1]);
    await setClock(server, '2026-12-05T10:00:00Z');
    const multi = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, OLD_TOWN.username));
    await server.database.db.insert(userShipTos).values({ userId: multi[0]?.id ?? 0, shipToCode: SOLO.shipTo }).onConflictDoNothing();
    for (const answer of [await amend(oldTown, order.code, linesOf(order)), await cancel(oldTown, order.code), await cancel(oldTown, 'MV-999999')]) {
      assert.equal(answer.status, 404);
      assert.equal(answer.body.errors?.[0]?.reason, 'notFound');
    }
    assert.equal((await cancel(oldTown, 'MV-999999')).body.errors?.[0]?.message, "Order 'MV-999999' not found");
    assert.equal((await orderOf(solo, order.code)).status, 'placed');
  });
});
