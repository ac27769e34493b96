import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { integrationEnv, integrationToken, reportStatus } from './support/integration-client';
import { freshShopper, mailsTo } from './support/notification-helpers';
import { placeTestOrder } from './support/order-helpers';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { BASE, startTestServer, type TestServer } from './support/test-server';

const ALL_ON = { orderConfirmation: true, statusChanges: true, standingOrderReminders: true, cutoffReminders: true, approvalRequests: true, productChanges: true };
const PATH = '/users/current/notificationpreferences';

describe('notification preferences: GET/PUT /users/current/notificationpreferences', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { SHOP_URL: 'https://shop.meadowvale.example', ...ON_DEMAND_OUTBOX, ...integrationEnv() } });
  });
  after(() => server.close());

  it('answers every kind on for a user who never chose, and keeps what a PUT sets', async () => {
    const user = await freshShopper(server, 'prefs-defaults');
    const fresh = await user.call('GET', PATH, { scoped: false });
    assert.equal(fresh.status, 200);
    assert.deepEqual(fresh.body, ALL_ON);
    const chosen = { ...ALL_ON, statusChanges: false, cutoffReminders: false };
    const saved = await user.call('PUT', PATH, { scoped: false, body: chosen });
    assert.equal(saved.status, 200);
    assert.deepEqual(saved.body, chosen);
    assert.deepEqual((await user.call('GET', PATH, { scoped: false })).body, chosen);
    assert.deepEqual((await user.call('PUT', PATH, { scoped: false, body: ALL_ON })).body, ALL_ON);
    assert.deepEqual((await user.call('GET', PATH, { scoped: false })).body, ALL_ON);
  });

  it('refuses a body without every kind, with other values or other fields, naming the field; and needs a signed-in user', async () => {
    const user = await freshShopper(server, 'prefs-refusals');
    const { approvalRequests: _left, ...missing } = ALL_ON;
    for (const [body, field] of [
      [missing, 'approvalRequests'],
      [{ ...ALL_ON, statusChanges: 'no' }, 'statusChanges'],
      [{ ...ALL_ON, statusChanges: null }, 'statusChanges'],
      [{ ...ALL_ON, marketing: false }, 'body'],
    ] as const) {
      const refused = await user.call('PUT', PATH, { scoped: false, body });
      assert.equal(refused.status, 400, JSON.stringify(body));
      assert.equal(refused.body.errors?.[0]?.subject, field, JSON.stringify(refused.body));
    }
    assert.deepEqual((await user.call('GET', PATH, { scoped: false })).body, ALL_ON, 'nothing was changed');
    assert.equal((await server.request(`${BASE}${PATH}`)).status, 401);
    assert.equal((await server.request(`${BASE}${PATH}`, { method: 'PUT', body: JSON.stringify(ALL_ON) })).status, 401);
  });

  it('decides which order mails go out: confirmations and status changes each by their own switch', async () => {
    const user = await freshShopper(server, 'prefs-mails');
    const erp = await integrationToken(server);
    assert.equal((await user.call('PUT', PATH, { scoped: false, body: { ...ALL_ON, orderConfirmation: false } })).status, 200);
    const first = await placeTestOrder(server, user, [1]);
    assert.equal((await reportStatus(server, erp, first.code, { status: 'confirmed' })).status, 200);
    await dispatch(server);
    assert.deepEqual(
      (await mailsTo(server, user.username)).map((mail) => mail.subject),
      [`Order ${first.code} is confirmed`],
      'the confirmation is not sent; the status change is',
    );

    assert.equal((await user.call('PUT', PATH, { scoped: false, body: { ...ALL_ON, statusChanges: false } })).status, 200);
    const second = await placeTestOrder(server, user, [1]);
    assert.equal((await reportStatus(server, erp, second.code, { status: 'confirmed' })).status, 200);
    await dispatch(server);
    const subjects = (await mailsTo(server, user.username)).map((mail) => mail.subject);
    assert.equal(subjects.length, 2, subjects.join(' | '));
    assert.match(subjects[1] ?? '', new RegExp(`^Order ${second.code} received`));
  });
});
