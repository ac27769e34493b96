import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { auditLog, standingOrders, users } from '../src/db/schema';
import { createOperator, operatorToken } from './support/admin-client';
import { fillActiveCart } from './support/cart-helpers';
import { placeTestOrder } from './support/order-helpers';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { chef, kitchen, pastOrder, reminderMails, remindedDates, type Kitchen } from './support/reminder-helpers';
import { createStandingOrder, runScheduler } from './support/standing-helpers';
import { setClock } from './support/test-clock';
import { startTestServer, type TestServer } from './support/test-server';

const env = { TEST_CLOCK_CONTROL: 'true', STANDING_ORDERS_INTERVAL_SECONDS: '0', ...ON_DEMAND_OUTBOX };

/**
 * Tuesday 1 December 2026 and the three Tuesdays before (cut-off 14:00 London on the Monday, GMT in winter):
 * reminders go from 11:00 with the default CUTOFF_REMINDER_HOURS of 3.
 */
const NEXT_TUESDAY = '2026-12-01';
const USUAL_TUESDAYS = ['2026-11-10', '2026-11-17', '2026-11-24'];

describe('cut-off reminders (docs/phone.md "Cut-off reminders")', () => {
  let server: TestServer;
  let admin: string;
  before(async () => {
    server = await startTestServer({ env });
    admin = await operatorToken(server);
  });
  after(() => server.close());

  /** Moves the clock and runs a scheduler pass at that moment. */
  const at = async (now: string) => {
    await setClock(server, now);
    await runScheduler(server);
  };
  const usualTuesdays = async (place: Kitchen) => {
    for (const date of USUAL_TUESDAYS) await pastOrder(server, place, date);
  };
  const adminCall = async (method: string, path: string, body?: unknown, token = admin) => {
    const response = await server.request(`/admin/v1${path}`, { method, token, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & { errors?: { subject?: string; message: string }[] } };
  };

  it('a usual day (an order for the weekday in 3 of the last 4 weeks) is reminded once, from 3 hours before the cut-off, linking to Usual items', async () => {
    const place = await kitchen(server, { people: 2 });
    await usualTuesdays(place);
    await at('2026-11-30T10:59:00Z');
    assert.deepEqual(await remindedDates(server, place), [], 'not before the window opens');
    await at('2026-11-30T11:00:00Z');
    assert.deepEqual(await remindedDates(server, place), [NEXT_TUESDAY]);
    await at('2026-11-30T12:30:00Z');
    await runScheduler(server);
    await dispatch(server);
    for (const person of place.users) {
      const mails = await reminderMails(server, person.username);
      assert.equal(mails.length, 1, `one mail to ${person.username}, however many passes`);
      const [mail] = mails;
      assert.ok(mail);
      assert.equal(mail.subject, `Order by 14:00 for delivery Tuesday 1 December 2026: Test Kitchen ${place.shipTo.slice(4)}`);
      assert.match(mail.text, /usually orders Dairy for delivery on Tuesdays, and there is no order yet for Tuesday 1 December 2026/);
      assert.match(mail.text, /closes at 14:00 on 30 November 2026/);
      assert.match(mail.text, /Order from your usual items: http:\/\/localhost:3000\/account\/usual\//);
      assert.match(mail.html, /href="http:\/\/localhost:3000\/account\/usual\/"/);
      assert.match(String((mail.headers as Record<string, string>)['List-Unsubscribe']), /unsubscribe/, 'a mail the user may turn off');
    }
  });

  it('2 of the last 4 weeks is not a usual day (a cancelled order does not count)', async () => {
    const place = await kitchen(server);
    await pastOrder(server, place, '2026-11-10');
    await pastOrder(server, place, '2026-11-17', 'cancelled');
    await pastOrder(server, place, '2026-11-24');
    await at('2026-11-30T12:00:00Z');
    assert.deepEqual(await remindedDates(server, place), []);
  });

  it('no reminder when the date has an order, a held order or a standing-order delivery', async () => {
    const ordered = await kitchen(server);
    const held = await kitchen(server);
    const standing = await kitchen(server);
    const control = await kitchen(server);
    for (const place of [ordered, held, standing, control]) await usualTuesdays(place);
    await setClock(server, '2026-11-30T09:00:00Z');
    await placeTestOrder(server, await chef(server, ordered), [1]);
    await pastOrder(server, held, NEXT_TUESDAY, 'pendingApproval');
    const owner = await chef(server, standing);
    await fillActiveCart(server, owner, [1]);
    await createStandingOrder(owner, { cartId: 'active', weekdays: [2], startDate: NEXT_TUESDAY });
    await at('2026-11-30T11:30:00Z');
    assert.deepEqual(await remindedDates(server, ordered), [], 'an order');
    assert.deepEqual(await remindedDates(server, held), [], 'a held order');
    assert.deepEqual(await remindedDates(server, standing), [], 'a standing-order delivery');
    assert.deepEqual(await remindedDates(server, control), [NEXT_TUESDAY], 'the same kitchen without any is reminded');
  });

  it('a standing order waiting for approval, or rejected, orders nothing: its site is reminded', async () => {
    const waiting = await kitchen(server);
    const rejected = await kitchen(server);
    for (const place of [waiting, rejected]) await usualTuesdays(place);
    await setClock(server, '2026-11-30T09:00:00Z');
    for (const [place, approvalStatus] of [[waiting, 'pending'], [rejected, 'rejected']] as const) {
      const owner = await chef(server, place);
      await fillActiveCart(server, owner, [1]);
      const made = await createStandingOrder(owner, { cartId: 'active', weekdays: [2], startDate: NEXT_TUESDAY });
      await server.database.db.update(standingOrders).set({ approvalStatus }).where(eq(standingOrders.code, made.code));
    }
    await at('2026-11-30T11:30:00Z');
    assert.deepEqual(await remindedDates(server, waiting), [NEXT_TUESDAY], 'waiting for approval');
    assert.deepEqual(await remindedDates(server, rejected), [NEXT_TUESDAY], 'rejected');
  });

  it('a bank holiday moves the delivery, and with it the cut-off and the reminder', async () => {
    // Monday 28 December 2026 is the Boxing Day bank holiday: the delivery moves to Tuesday 29th, whose cut-off
    // is the working day before, Thursday 24th (Christmas Day and the weekend in between).
    const place = await kitchen(server, { people: 1 });
    for (const date of ['2026-12-07', '2026-12-14', '2026-12-21']) await pastOrder(server, place, date);
    await at('2026-12-24T10:59:00Z');
    assert.deepEqual(await remindedDates(server, place), []);
    await at('2026-12-24T11:00:00Z');
    assert.deepEqual(await remindedDates(server, place), ['2026-12-29']);
    await dispatch(server);
    const [mail] = await reminderMails(server, place.users[0]?.username ?? '');
    assert.ok(mail);
    assert.match(mail.subject, /delivery Tuesday 29 December 2026/);
    assert.match(mail.text, /usually orders Dairy for delivery on Mondays/);
    assert.match(mail.text, /Monday 28 December 2026 is a bank holiday: that delivery comes on Tuesday 29 December 2026 instead/);
    assert.match(mail.text, /closes at 14:00 on 24 December 2026/);
  });

  it('a user who turned cut-off reminders off gets none, nor does one invited who has no password yet; the others still do', async () => {
    const place = await kitchen(server, { people: 3 });
    await usualTuesdays(place);
    const invited = place.users[2];
    assert.ok(invited);
    await server.database.db.update(users).set({ passwordHash: '!' }).where(eq(users.id, invited.userId));
    const quiet = await chef(server, place, 1);
    const saved = await quiet.call('PUT', '/users/current/notificationpreferences', {
      body: { orderConfirmation: true, statusChanges: true, standingOrderReminders: true, cutoffReminders: false, approvalRequests: true, productChanges: true },
      scoped: false,
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    await at('2026-11-30T11:15:00Z');
    await dispatch(server);
    assert.equal((await reminderMails(server, place.users[0]?.username ?? '')).length, 1);
    assert.equal((await reminderMails(server, place.users[1]?.username ?? '')).length, 0);
    assert.equal((await reminderMails(server, invited.username)).length, 0, 'an invitation not yet accepted');
  });

  it('per ship-to hours from the back office: 0 turns reminders off, 6 reminds from 08:00; audited', async () => {
    const off = await kitchen(server);
    const early = await kitchen(server);
    const standard = await kitchen(server);
    for (const place of [off, early, standard]) await usualTuesdays(place);
    const service = await operatorToken(server, await createOperator(server, 'customerService'));

    assert.deepEqual((await adminCall('GET', `/shiptos/${early.shipTo}/cutoffreminder`)).body, { shipTo: early.shipTo, hours: 3, own: false, defaultHours: 3 });
    assert.equal((await adminCall('PUT', `/shiptos/${off.shipTo}/cutoffreminder`, { hours: 0 }, service)).status, 200);
    const set = await adminCall('PUT', `/shiptos/${early.shipTo}/cutoffreminder`, { hours: 6 });
    assert.deepEqual(set.body, { shipTo: early.shipTo, hours: 6, own: true, defaultHours: 3 });
    const audited = await server.database.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'shipTo.cutoffReminder'), eq(auditLog.subject, `shipTo:${early.shipTo}`)));
    assert.deepEqual(audited, [{ before: { hours: null }, after: { hours: 6 } }]);
    // The same value again changes nothing and logs nothing.
    assert.equal((await adminCall('PUT', `/shiptos/${early.shipTo}/cutoffreminder`, { hours: 6 })).status, 200);
    assert.equal((await server.database.db.select().from(auditLog).where(eq(auditLog.subject, `shipTo:${early.shipTo}`))).length, 1);
    const listed = await adminCall('GET', `/customers?q=${off.shipTo}`);
    const shipToRow = (listed.body.soldTos as { shipTos: { code: string; cutoffReminder: unknown }[] }[])[0]?.shipTos.find((row) => row.code === off.shipTo);
    assert.deepEqual(shipToRow?.cutoffReminder, { hours: 0, own: true });

    await at('2026-11-30T07:59:00Z');
    assert.deepEqual(await remindedDates(server, early), []);
    await at('2026-11-30T08:00:00Z');
    assert.deepEqual(await remindedDates(server, early), [NEXT_TUESDAY], '6 hours before the cut-off');
    assert.deepEqual(await remindedDates(server, standard), [], 'the default 3 hours: not yet');
    await at('2026-11-30T13:59:00Z');
    assert.deepEqual(await remindedDates(server, standard), [NEXT_TUESDAY]);
    assert.deepEqual(await remindedDates(server, off), [], '0: no reminders');

    // null returns the ship-to to the default.
    assert.deepEqual((await adminCall('PUT', `/shiptos/${off.shipTo}/cutoffreminder`, { hours: null })).body, { shipTo: off.shipTo, hours: 3, own: false, defaultHours: 3 });
  });

  it('the settings route refuses what is not a setting: 400 naming the field, 404 for an unknown ship-to, 403 for a customer', async () => {
    const place = await kitchen(server);
    for (const hours of [49, -1, 2.5, '3']) {
      const refused = await adminCall('PUT', `/shiptos/${place.shipTo}/cutoffreminder`, { hours });
      assert.equal(refused.status, 400, JSON.stringify(hours));
      assert.equal(refused.body.errors?.[0]?.subject, 'hours');
    }
    assert.equal((await adminCall('PUT', `/shiptos/${place.shipTo}/cutoffreminder`, {})).status, 400);
    assert.equal((await adminCall('PUT', `/shiptos/${place.shipTo}/cutoffreminder`, { hours: 3, extra: 1 })).status, 400);
    assert.equal((await adminCall('PUT', '/shiptos/9999999999/cutoffreminder', { hours: 3 })).status, 404);
    assert.equal((await adminCall('GET', '/shiptos/9999999999/cutoffreminder')).status, 404);
    assert.equal((await adminCall('GET', `/shiptos/${'x'.repeat(40)}/cutoffreminder`)).status, 400);
    const customer = await chef(server, place);
    assert.equal((await adminCall('GET', `/shiptos/${place.shipTo}/cutoffreminder`, undefined, customer.token)).status, 403);
  });
});
