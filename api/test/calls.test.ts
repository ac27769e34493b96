// test:api:embedded: the call list's batched reads (DISTINCT ON, arrays of ship-to codes) and its writes, on each engine.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, asc, desc, eq } from 'drizzle-orm';
import { auditLog, operators, operatorSoldTos, orders, shipToRanges, shipTos, soldTos, standingOrders, users } from '../src/db/schema';
import { CALLS_DEMO } from '../src/seed/demo-accounts';
import { seedDemoData } from '../src/seed/seed';
import { addDays, isoWeekday } from '../src/time/calendar-date';
import { londonInstant, londonWallClock } from '../src/time/london-time';
import { createOperator, operatorToken } from './support/admin-client';
import { fillActiveCart } from './support/cart-helpers';
import { placeTestOrder } from './support/order-helpers';
import { chef, kitchen, pastOrder, type Kitchen } from './support/reminder-helpers';
import { createStandingOrder } from './support/standing-helpers';
import { setClock } from './support/test-clock';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Monday 30 November 2026 (GMT): a kitchen delivered DAIR on weekdays orders for Tuesday 1 December by its cut-off
 * today; it usually orders for Tuesdays when it had an order on 3 of the 4 Tuesdays before.
 */
const NEXT_TUESDAY = '2026-12-01';
const USUAL_TUESDAYS = ['2026-11-10', '2026-11-17', '2026-11-24'];
const MORNING = '2026-11-30T10:00:00Z';

interface Entry {
  shipTo: { code: string; name: string; phone: string | null };
  soldTo: { code: string; name: string };
  range: { code: string; name: string };
  deliveryDate: string;
  cutoff: string;
  lastOrder: { code: string; placedAt: string; deliveryDate: string; netPence: number } | null;
  usualValuePence: number | null;
  latestOutcome: { outcome: string; callBackAt: string | null; note: string | null; at: string; operator: { id: number; name: string } } | null;
  state: string;
}

describe('the call list (docs/calls.md)', () => {
  let server: TestServer;
  let admin: string;
  before(async () => {
    server = await startTestServer({ env: { TEST_CLOCK_CONTROL: 'true' } });
    admin = await operatorToken(server);
  });
  after(() => server.close());

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await server.request(`/admin/v1${path}`, { method, token, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & { errors?: { subject?: string; message: string }[] } };
  };
  /** The entries of these kitchens only: the demo's sites and other tests' kitchens may be due too. */
  const listOf = async (token: string, places: Kitchen[]): Promise<Entry[]> => {
    const answer = await call('GET', '/calls', token);
    assert.equal(answer.status, 200);
    const codes = new Set(places.map((place) => place.shipTo));
    return (answer.body.entries as Entry[]).filter((entry) => codes.has(entry.shipTo.code));
  };
  const usual = async (place: Kitchen, values = [1000, 1000, 1000]) => {
    for (const [index, date] of USUAL_TUESDAYS.entries()) await pastOrder(server, place, date, 'delivered', values[index]);
  };
  /** A sold-to of the test's own, so a rep assigned to it sees only what the test made. */
  const company = async (): Promise<string> => {
    const code = `T${randomUUID().slice(0, 9)}`;
    await server.database.db.insert(soldTos).values({ code, name: `Test Company ${code}` });
    return code;
  };
  const rep = async (...assigned: string[]): Promise<{ token: string; id: number; name: string }> => {
    const email = await createOperator(server, 'sales');
    const [row] = await server.database.db.select({ id: operators.id, name: operators.name }).from(operators).where(eq(operators.email, email));
    assert.ok(row);
    if (assigned.length > 0) await server.database.db.insert(operatorSoldTos).values(assigned.map((soldTo) => ({ operatorId: row.id, soldTo })));
    return { token: await operatorToken(server, email), ...row };
  };

  it('lists a site due to order today that usually orders for the day and has not: phone, last order, usual value, cut-off', async () => {
    const place = await kitchen(server);
    await usual(place, [1200, 3400, 2600]);
    await server.database.db.update(shipTos).set({ phone: '01632 960555' }).where(eq(shipTos.code, place.shipTo));
    await setClock(server, MORNING);
    const [entry, ...rest] = await listOf(admin, [place]);
    assert.equal(rest.length, 0, 'one delivery due: Tuesday');
    assert.ok(entry);
    assert.deepEqual(entry.shipTo, { code: place.shipTo, name: `Test Kitchen ${place.shipTo.slice(4)}`, phone: '01632 960555' });
    assert.deepEqual(entry.soldTo, { code: '0000100002', name: 'Northern Fresh Trading Ltd' });
    assert.equal(entry.range.code, 'DAIR');
    assert.equal(entry.deliveryDate, NEXT_TUESDAY);
    assert.equal(entry.cutoff, '2026-11-30T14:00:00+00:00');
    assert.equal(entry.lastOrder?.deliveryDate, '2026-11-24', 'the newest order');
    assert.equal(entry.lastOrder?.netPence, 2600);
    assert.equal(entry.usualValuePence, 2600, 'the median of 1200, 3400 and 2600');
    assert.equal(entry.latestOutcome, null);
    assert.equal(entry.state, 'toCall');
  });

  it('leaves out a site with an order, a held order or a standing-order delivery, one not usual, another day and another range', async () => {
    const ordered = await kitchen(server);
    const held = await kitchen(server);
    const standing = await kitchen(server);
    const twoWeeks = await kitchen(server);
    const wednesdays = await kitchen(server);
    const control = await kitchen(server);
    for (const place of [ordered, held, standing, control]) await usual(place);
    await pastOrder(server, twoWeeks, '2026-11-10');
    await pastOrder(server, twoWeeks, '2026-11-17', 'cancelled');
    await pastOrder(server, twoWeeks, '2026-11-24');
    for (const date of ['2026-11-11', '2026-11-18', '2026-11-25']) await pastOrder(server, wednesdays, date);
    // Control also takes chilled on Tuesdays, which it never ordered: that range is not due.
    await server.database.db.insert(shipToRanges).values({ shipToCode: control.shipTo, range: 'CHIL', deliveryWeekdays: [2], position: 1 });
    await setClock(server, '2026-11-30T09:00:00Z');
    await placeTestOrder(server, await chef(server, ordered), [1]);
    await pastOrder(server, held, NEXT_TUESDAY, 'pendingApproval');
    const owner = await chef(server, standing);
    await fillActiveCart(server, owner, [1]);
    await createStandingOrder(owner, { cartId: 'active', weekdays: [2], startDate: NEXT_TUESDAY });
    await setClock(server, MORNING);
    const listed = await listOf(admin, [ordered, held, standing, twoWeeks, wednesdays, control]);
    assert.deepEqual(listed.map((entry) => [entry.shipTo.code, entry.range.code, entry.deliveryDate]), [[control.shipTo, 'DAIR', NEXT_TUESDAY]]);
  });

  it('a standing order waiting for approval places nothing: its site stays listed', async () => {
    const waiting = await kitchen(server);
    await usual(waiting);
    await setClock(server, '2026-11-30T09:00:00Z');
    const owner = await chef(server, waiting);
    await fillActiveCart(server, owner, [1]);
    const made = await createStandingOrder(owner, { cartId: 'active', weekdays: [2], startDate: NEXT_TUESDAY });
    await server.database.db.update(standingOrders).set({ approvalStatus: 'pending' }).where(eq(standingOrders.code, made.code));
    await setClock(server, MORNING);
    assert.equal((await listOf(admin, [waiting])).length, 1);
  });

  it('sorts by cut-off, soonest first, and drops a site once its cut-off has passed', async () => {
    const late = await kitchen(server, { cutoffTime: '16:00' });
    const noon = await kitchen(server, { cutoffTime: '12:00' });
    const early = await kitchen(server, { cutoffTime: '09:30' });
    const two = await kitchen(server, { cutoffTime: '14:00' });
    for (const place of [late, noon, early, two]) await usual(place);
    await setClock(server, MORNING);
    const listed = await listOf(admin, [late, noon, early, two]);
    assert.deepEqual(listed.map((entry) => entry.shipTo.code), [noon.shipTo, two.shipTo, late.shipTo], '09:30 is past at 10:00');
    assert.deepEqual(listed.map((entry) => entry.cutoff.slice(11, 16)), ['12:00', '14:00', '16:00']);
    await setClock(server, '2026-11-30T14:00:00Z');
    assert.deepEqual((await listOf(admin, [late, noon, early, two])).map((entry) => entry.shipTo.code), [late.shipTo]);
  });

  it("a rep sees only their assigned sold-tos' sites, and recording an outcome elsewhere is answered 404", async () => {
    const mine = await company();
    const theirs = await company();
    const own = await kitchen(server, { soldTo: mine });
    const other = await kitchen(server, { soldTo: theirs });
    for (const place of [own, other]) await usual(place);
    const sam = await rep(mine);
    const nobody = await rep();
    await setClock(server, MORNING);
    const all = await call('GET', '/calls', sam.token);
    assert.equal(all.status, 200);
    const entries = all.body.entries as Entry[];
    assert.deepEqual(entries.map((entry) => entry.shipTo.code), [own.shipTo], 'their own company only, nothing of the demo or other tests');
    assert.deepEqual(await listOf(admin, [own, other]).then((list) => list.map((entry) => entry.shipTo.code).sort()), [own.shipTo, other.shipTo].sort(), 'an admin sees every company');
    assert.deepEqual((await call('GET', '/calls', nobody.token)).body.entries, [], 'a rep with no customers has no calls');
    const body = { shipTo: other.shipTo, range: 'DAIR', deliveryDate: NEXT_TUESDAY, outcome: 'ordered' };
    assert.equal((await call('POST', '/calls/outcomes', sam.token, body)).status, 404);
    assert.equal((await call('POST', '/calls/outcomes', sam.token, { ...body, shipTo: '0009999999' })).status, 404);
    assert.equal((await call('POST', '/calls/outcomes', sam.token, { ...body, shipTo: own.shipTo })).status, 201);
  });

  it('records each outcome with who and when, shows the newest to the next person, sorts call backs by their time once due and the done last; audited', async () => {
    const mine = await company();
    const called = await kitchen(server, { soldTo: mine, cutoffTime: '12:00' });
    const first = await kitchen(server, { soldTo: mine, cutoffTime: '15:00' });
    const second = await kitchen(server, { soldTo: mine, cutoffTime: '16:00' });
    for (const place of [called, first, second]) await usual(place);
    const sam = await rep(mine);
    await setClock(server, MORNING);
    const recorded = await call('POST', '/calls/outcomes', sam.token, {
      shipTo: called.shipTo,
      range: 'DAIR',
      deliveryDate: NEXT_TUESDAY,
      outcome: 'callBack',
      callBackAt: '2026-11-30T11:30:00Z',
      note: '  Chef in at half eleven  ',
    });
    assert.equal(recorded.status, 201);
    const { at, ...what } = recorded.body;
    assert.deepEqual(what, { outcome: 'callBack', callBackAt: '2026-11-30T11:30:00.000Z', note: 'Chef in at half eleven', operator: { id: sam.id, name: sam.name } });
    assert.match(String(at), /^2026-11-30T10:00/, "when, by the shop's clock");

    const places = [called, first, second];
    let listed = await listOf(admin, places);
    assert.deepEqual(listed.map((entry) => [entry.shipTo.code, entry.state]), [[first.shipTo, 'toCall'], [second.shipTo, 'toCall'], [called.shipTo, 'callBackLater']], 'a call back still to come after those to call');
    assert.deepEqual(listed[2]?.latestOutcome, recorded.body, 'another operator sees who called and what came of it');

    await setClock(server, '2026-11-30T11:31:00Z');
    listed = await listOf(admin, places);
    assert.deepEqual(listed.map((entry) => [entry.shipTo.code, entry.state]), [[called.shipTo, 'toCall'], [first.shipTo, 'toCall'], [second.shipTo, 'toCall']], 'once due, by its time: first');

    assert.equal((await call('POST', '/calls/outcomes', admin, { shipTo: first.shipTo, range: 'DAIR', deliveryDate: NEXT_TUESDAY, outcome: 'noOrderThisWeek' })).status, 201);
    assert.equal((await call('POST', '/calls/outcomes', sam.token, { shipTo: called.shipTo, range: 'DAIR', deliveryDate: NEXT_TUESDAY, outcome: 'ordered', note: 'Ordering online now' })).status, 201);
    listed = await listOf(admin, places);
    assert.deepEqual(listed.map((entry) => [entry.shipTo.code, entry.state, entry.latestOutcome?.outcome ?? null]), [
      [second.shipTo, 'toCall', null],
      [called.shipTo, 'done', 'ordered'],
      [first.shipTo, 'done', 'noOrderThisWeek'],
    ], 'the done stay listed, last, by cut-off');
    assert.equal(listed[1]?.latestOutcome?.note, 'Ordering online now', 'the newest outcome');

    const audits = await server.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'call.outcome'), eq(auditLog.subject, `shipTo:${called.shipTo}`))).orderBy(desc(auditLog.id));
    assert.equal(audits.length, 2);
    assert.equal(audits[1]?.operatorId, sam.id);
    assert.deepEqual(audits[1]?.after, { range: 'DAIR', deliveryDate: NEXT_TUESDAY, outcome: 'callBack', callBackAt: '2026-11-30T11:30:00.000Z', note: 'Chef in at half eleven' });
  });

  it('refuses bad input: a call back without a time or a time without a call back (400), a time or delivery past, a range not delivered (422)', async () => {
    const place = await kitchen(server);
    await setClock(server, MORNING);
    const base = { shipTo: place.shipTo, range: 'DAIR', deliveryDate: NEXT_TUESDAY };
    const cases: [unknown, number, string][] = [
      [{ ...base, outcome: 'callBack' }, 400, 'callBackAt'],
      [{ ...base, outcome: 'ordered', callBackAt: '2026-11-30T12:00:00Z' }, 400, 'callBackAt'],
      [{ ...base, outcome: 'maybe' }, 400, 'outcome'],
      [{ ...base, outcome: 'callBack', callBackAt: 'at two' }, 400, 'callBackAt'],
      [{ ...base, outcome: 'ordered', note: 'x'.repeat(501) }, 400, 'note'],
      [{ ...base, outcome: 'callBack', callBackAt: '2026-11-30T09:59:00Z' }, 422, 'callBackAt'],
      [{ ...base, deliveryDate: '2026-11-27', outcome: 'ordered' }, 422, 'deliveryDate'],
      [{ ...base, range: 'CHIL', outcome: 'ordered' }, 422, 'range'],
    ];
    for (const [body, status, subject] of cases) {
      const answer = await call('POST', '/calls/outcomes', admin, body);
      assert.equal(answer.status, status, JSON.stringify(body));
      assert.match(String(answer.body.errors?.[0]?.subject), new RegExp(subject), JSON.stringify(answer.body));
    }
    const audits = await server.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'call.outcome'), eq(auditLog.subject, `shipTo:${place.shipTo}`)));
    assert.equal(audits.length, 0, 'nothing refused is recorded');
  });

  it("the demo: on a working day after the first seed, market@example.com's two sites are due, dairy's 16:00 cut-off first; a second seed changes nothing", async () => {
    const seeded = londonWallClock(new Date()).date;
    let day = addDays(seeded, 1);
    while (isoWeekday(day) > 4) day = addDays(day, 1);
    await setClock(server, londonInstant(day, '09:00').toISOString());
    const answer = await call('GET', '/calls', admin);
    const demo = (answer.body.entries as Entry[]).filter((entry) => entry.soldTo.code === CALLS_DEMO.soldTo && new Set<string>([CALLS_DEMO.dairySite, CALLS_DEMO.chilledSite]).has(entry.shipTo.code));
    assert.deepEqual(demo.map((entry) => [entry.shipTo.code, entry.range.code, entry.deliveryDate, entry.cutoff.slice(11, 16)]), [
      [CALLS_DEMO.dairySite, 'DAIR', addDays(day, 1), '16:00'],
      [CALLS_DEMO.chilledSite, 'CHIL', addDays(day, 1), '17:00'],
    ]);
    for (const entry of demo) {
      assert.ok(entry.shipTo.phone, 'a number to call');
      assert.ok(entry.lastOrder && entry.lastOrder.netPence > 0, 'a last order');
      assert.ok(entry.usualValuePence && entry.usualValuePence > 0, 'a usual value');
    }
    const snapshot = async () => {
      const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, CALLS_DEMO.username));
      assert.ok(user);
      return server.database.db.select().from(orders).where(eq(orders.userId, user.id)).orderBy(asc(orders.id));
    };
    const before = await snapshot();
    assert.ok(before.length >= 30, 'four weeks of orders but one week in four per weekday');
    await seedDemoData(server.database.db);
    assert.deepEqual(await snapshot(), before);
  });
});
