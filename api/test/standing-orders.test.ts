import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fillActiveCart, MULTI_DAIR, SOLO, productWith, shopper, type Shopper } from './support/cart-helpers';
import { createStandingOrder, errorOf, saveActiveCart, type DeliveryJson, type StandingOrderJson } from './support/standing-helpers';
import { setClock } from './support/test-clock';
import { startTestServer, type TestServer } from './support/test-server';

// Tuesday 1 December 2026, 10:00 London (GMT). SOLO receives DAIR on Tuesdays and Fridays, cut-off 14:00.
const NOW = '2026-12-01T10:00:00Z';

describe('standing orders: create, read, change', () => {
  let server: TestServer;
  let solo: Shopper;
  let multi: Shopper;
  before(async () => {
    server = await startTestServer({ env: { TEST_CLOCK_CONTROL: 'true', STANDING_ORDERS_INTERVAL_SECONDS: '0' } });
    solo = await shopper(server, SOLO);
    multi = await shopper(server, MULTI_DAIR);
    await setClock(server, NOW);
  });
  after(() => server.close());

  it('lists the delivery weekdays and cut-off of the ship-to for the form', async () => {
    const answer = await solo.call('GET', '/users/current/standingorders');
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.deliveryWeekdays, [2, 5]);
    assert.equal(answer.body.cutoffTime, '14:00');
  });

  it('makes a standing order of a saved cart, copying its lines and leaving the cart as it was', async () => {
    const codes = await fillActiveCart(server, solo, [3, 2]);
    const cartCode = await saveActiveCart(solo, 'Weekly dairy');
    const created = await createStandingOrder(solo, { cartId: cartCode, weekdays: [5], startDate: '2026-12-02' });
    assert.match(created.code, /^SO-\d{6}$/);
    assert.equal(created.name, 'Weekly dairy');
    assert.equal(created.status, 'active');
    assert.deepEqual(
      created.lines.map((line) => [line.product.code, line.quantity]),
      [
        [codes[0], 3],
        [codes[1], 2],
      ],
    );
    assert.ok(created.lines.every((line) => line.product.price.valuePence > 0));
    // Friday 25 December is Christmas, and Friday 1 January New Year's Day: both move to the Tuesday after.
    assert.deepEqual(
      created.nextDeliveries.map((d) => [d.date, d.movedFrom, d.state]),
      [
        ['2026-12-04', null, 'scheduled'],
        ['2026-12-11', null, 'scheduled'],
        ['2026-12-18', null, 'scheduled'],
        ['2026-12-29', '2026-12-25', 'scheduled'],
        ['2027-01-05', '2027-01-01', 'scheduled'],
        ['2027-01-08', null, 'scheduled'],
      ],
    );
    assert.equal(created.nextDeliveries[0]?.cutoff, '2026-12-03T14:00:00+00:00');
    const cart = await solo.call('GET', `/users/current/carts/${cartCode}`, { scoped: false });
    assert.equal(cart.status, 200);
    assert.equal((cart.body.entries as unknown[]).length, 2);
    const listed = await solo.call('GET', '/users/current/standingorders');
    assert.ok((listed.body.standingOrders as StandingOrderJson[]).some((one) => one.code === created.code));
  });

  it('makes one of the active cart; a bank holiday with no delivery day before the next own date is shown skipped', async () => {
    await fillActiveCart(server, solo, [1]);
    const created = await createStandingOrder(solo, { cartId: 'active', name: 'Twice a week', weekdays: [2, 5], startDate: '2026-12-20', endDate: '2027-01-06' });
    assert.equal(created.name, 'Twice a week');
    assert.deepEqual(
      created.nextDeliveries.map((d) => [d.date, d.state, d.problem]),
      [
        ['2026-12-22', 'scheduled', null],
        ['2026-12-25', 'skipped', 'Bank holiday: no delivery'],
        ['2026-12-29', 'scheduled', null],
        ['2027-01-01', 'skipped', 'Bank holiday: no delivery'],
        ['2027-01-05', 'scheduled', null],
      ],
    );
    const cart = await solo.call('GET', '/users/current/carts/active');
    assert.equal((cart.body.entries as unknown[]).length, 1, 'the active cart keeps its lines');
  });

  it('refuses bad input with 400 naming the field', async () => {
    await fillActiveCart(server, solo, [1]);
    const cases: [Record<string, unknown>, string][] = [
      [{ cartId: 'active', weekdays: [1], startDate: '2026-12-02' }, 'weekdays'],
      [{ cartId: 'active', weekdays: [], startDate: '2026-12-02' }, 'weekdays'],
      [{ cartId: 'active', weekdays: [2] }, 'startDate'],
      [{ cartId: 'active', weekdays: [2], startDate: '2026-11-30' }, 'startDate'],
      [{ cartId: 'active', weekdays: [2], startDate: '2027-12-02' }, 'startDate'],
      [{ cartId: 'active', weekdays: [2], startDate: '2026-12-31' + 'x' }, 'startDate'],
      [{ cartId: 'active', weekdays: [2], startDate: '2026-12-10', endDate: '2026-12-09' }, 'endDate'],
      [{ cartId: 'active', weekdays: [2], startDate: '2026-12-10', name: '' }, 'name'],
      [{ cartId: 'active', weekdays: [2], startDate: '2026-12-10', name: 'x'.repeat(81) }, 'name'],
      [{ weekdays: [2], startDate: '2026-12-10' }, 'cartId'],
    ];
    for (const [body, field] of cases) {
      const answer = await solo.call('POST', '/users/current/standingorders', { body });
      assert.equal(answer.status, 400, `${JSON.stringify(body)} → ${answer.status} ${JSON.stringify(answer.body)}`);
      assert.equal(errorOf(answer).subject, field, JSON.stringify(body));
    }
    await solo.call('DELETE', '/users/current/carts/active');
    await solo.call('POST', '/users/current/carts');
    const empty = await solo.call('POST', '/users/current/standingorders', { body: { cartId: 'active', weekdays: [2], startDate: '2026-12-10' } });
    assert.equal(empty.status, 400);
    assert.equal(errorOf(empty).subject, 'cartId');
  });

  it("answers 404 for another user's or ship-to's standing order, exactly like a missing one", async () => {
    await fillActiveCart(server, solo, [1]);
    const mine = await createStandingOrder(solo, { cartId: 'active', weekdays: [2], startDate: '2026-12-02' });
    const missing = await multi.call('GET', '/users/current/standingorders/SO-999999');
    const theirs = await multi.call('GET', `/users/current/standingorders/${mine.code}`);
    assert.equal(theirs.status, 404);
    assert.deepEqual(theirs.body.errors?.[0]?.message, `Standing order '${mine.code}' not found`);
    assert.equal(missing.body.errors?.[0]?.type, theirs.body.errors?.[0]?.type);
    for (const [method, path] of [
      ['PUT', `/users/current/standingorders/${mine.code}`],
      ['POST', `/users/current/standingorders/${mine.code}/pause`],
      ['GET', `/users/current/standingorders/${mine.code}/deliveries/2026-12-08`],
      ['PUT', `/users/current/standingorders/${mine.code}/deliveries/2026-12-08`],
    ] as const) {
      const answer = await multi.call(method, path, { body: method === 'GET' ? undefined : { skipped: true } });
      assert.equal(answer.status, 404, `${method} ${path}`);
    }
    // The owner naming another of their ship-tos' scope gets the same 404.
    const otherScope = await solo.call('GET', `/users/current/standingorders/${mine.code}?shipTo=0000410002&salesOrg=DAIR`, { scoped: false });
    assert.equal(otherScope.status, 404);
    const cart = await solo.call('GET', `/users/current/standingorders/${mine.code}`);
    assert.equal(cart.status, 200);
  });

  it('skips one date and takes the skip back; other dates are untouched', async () => {
    await fillActiveCart(server, solo, [2]);
    const created = await createStandingOrder(solo, { cartId: 'active', weekdays: [2, 5], startDate: '2026-12-02' });
    const path = `/users/current/standingorders/${created.code}/deliveries/2026-12-08`;
    const skipped = await solo.call('PUT', path, { body: { skipped: true } });
    assert.equal(skipped.status, 200, JSON.stringify(skipped.body));
    assert.equal(skipped.body.state, 'skipped');
    const after = await solo.call('GET', `/users/current/standingorders/${created.code}`);
    const states = (after.body.nextDeliveries as DeliveryJson[]).map((d) => [d.date, d.state]);
    assert.deepEqual(states.slice(0, 3), [
      ['2026-12-04', 'scheduled'],
      ['2026-12-08', 'skipped'],
      ['2026-12-11', 'scheduled'],
    ]);
    const back = await solo.call('PUT', path, { body: { skipped: false } });
    assert.equal(back.body.state, 'scheduled');
    const notYielded = await solo.call('PUT', `/users/current/standingorders/${created.code}/deliveries/2026-12-09`, { body: { skipped: true } });
    assert.equal(notYielded.status, 404);
  });

  it('changes the lines of one delivery until its cut-off, then answers 409', async () => {
    const codes = await fillActiveCart(server, solo, [2, 1]);
    const created = await createStandingOrder(solo, { cartId: 'active', weekdays: [5], startDate: '2026-12-02' });
    const path = `/users/current/standingorders/${created.code}/deliveries/2026-12-04`;
    const emptyLines = await solo.call('PUT', path, { body: { entries: [] } });
    assert.equal(emptyLines.status, 400);
    assert.equal(errorOf(emptyLines).subject, 'entries');
    const discontinued = await productWith(server, 'DAIR', 'discontinued');
    const refused = await solo.call('PUT', path, { body: { entries: [{ product: { code: codes[0] }, quantity: 1 }, { product: { code: discontinued.code }, quantity: 1 }] } });
    assert.equal(refused.status, 400);
    assert.equal(errorOf(refused).subject, 'entries.1.product.code');
    // Thursday 3 December, one minute before the 14:00 cut-off of Friday's delivery.
    await setClock(server, '2026-12-03T13:59:00Z');
    const changed = await solo.call('PUT', path, { body: { entries: [{ product: { code: codes[0] }, quantity: 7 }] } });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(changed.body.changed, true);
    assert.deepEqual((changed.body.lines as { quantity: number }[]).map((line) => line.quantity), [7]);
    const standing = await solo.call('GET', `/users/current/standingorders/${created.code}/deliveries/2026-12-11`);
    assert.deepEqual((standing.body.lines as { quantity: number }[]).map((line) => line.quantity), [2, 1], 'the next delivery keeps the standing lines');
    await setClock(server, '2026-12-03T14:01:00Z');
    const late = await solo.call('PUT', path, { body: { skipped: true } });
    assert.equal(late.status, 409);
    assert.equal(errorOf(late).message, 'The cut-off for this delivery has passed');
    await setClock(server, NOW);
  });

  it('pauses, resumes and ends; a bad transition and any change after the end are 409', async () => {
    await fillActiveCart(server, solo, [1]);
    const created = await createStandingOrder(solo, { cartId: 'active', weekdays: [2], startDate: '2026-12-02' });
    const act = (action: string) => solo.call('POST', `/users/current/standingorders/${created.code}/${action}`);
    assert.equal((await act('resume')).status, 409);
    const paused = await act('pause');
    assert.equal(paused.status, 200);
    assert.equal(paused.body.status, 'paused');
    assert.equal((paused.body.nextDeliveries as unknown[]).length, 6, 'a paused standing order still shows its dates');
    assert.equal((await act('pause')).status, 409);
    assert.equal((await act('resume')).body.status, 'active');
    const ended = await act('end');
    assert.equal(ended.body.status, 'ended');
    assert.deepEqual(ended.body.nextDeliveries, [], 'an ended standing order has no coming deliveries');
    for (const action of ['pause', 'resume', 'end']) assert.equal((await act(action)).status, 409, action);
    const put = await solo.call('PUT', `/users/current/standingorders/${created.code}`, { body: { name: 'Again' } });
    assert.equal(put.status, 409);
    const skip = await solo.call('PUT', `/users/current/standingorders/${created.code}/deliveries/2026-12-08`, { body: { skipped: true } });
    assert.equal(skip.status, 409);
    assert.equal((await act('archive')).status, 400);
  });

  it('changes the rule and the standing lines', async () => {
    const codes = await fillActiveCart(server, solo, [1]);
    const created = await createStandingOrder(solo, { cartId: 'active', weekdays: [2], startDate: '2026-12-02' });
    const path = `/users/current/standingorders/${created.code}`;
    const changed = await solo.call('PUT', path, { body: { name: 'Fridays', weekdays: [5], endDate: '2026-12-18', entries: [{ product: { code: codes[0] }, quantity: 4 }] } });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    const view = changed.body as unknown as StandingOrderJson;
    assert.equal(view.name, 'Fridays');
    assert.deepEqual(view.nextDeliveries.map((d) => d.date), ['2026-12-04', '2026-12-11', '2026-12-18']);
    assert.deepEqual(view.lines.map((line) => line.quantity), [4]);
    const badDay = await solo.call('PUT', path, { body: { weekdays: [3] } });
    assert.equal(badDay.status, 400);
    assert.equal(errorOf(badDay).subject, 'weekdays');
    try {
      await setClock(server, '2026-12-10T10:00:00Z');
      const pastEnd = await solo.call('PUT', path, { body: { endDate: '2026-12-05' } });
      assert.equal(pastEnd.status, 400);
      assert.deepEqual([errorOf(pastEnd).subject, errorOf(pastEnd).message], ['endDate', 'The end date cannot be in the past']);
    } finally {
      await setClock(server, NOW);
    }
  });
});
