import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MULTI_CHIL_PO, shopper, SOLO } from './support/cart-helpers';
import { startTestServer, type TestServer } from './support/test-server';
import { orderableDeliveryDates } from '../src/delivery/delivery-dates';

describe('GET /users/current/deliverydates', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it("answers the ship-to's orderable dates for the range, each with its cut-off", async () => {
    const multi = await shopper(server, MULTI_CHIL_PO);
    const response = await multi.call('GET', '/users/current/deliverydates');
    assert.equal(response.status, 200);
    const dates = response.body.deliveryDates as { date: string; cutoff: string }[];
    const expected = orderableDeliveryDates(new Date(), { deliveryWeekdays: [1, 4], cutoffTime: '15:30' });
    assert.deepEqual(dates.map((d) => d.date).slice(0, 3), expected.map((d) => d.date).slice(0, 3));
    assert.ok(dates.length >= 4);
    for (const { date, cutoff } of dates) {
      assert.ok([1, 4].includes(new Date(`${date}T00:00:00Z`).getUTCDay()));
      assert.match(cutoff, /T15:30:00\+0[01]:00$/);
    }
  });

  it('answers 404 for a ship-to or range the user does not hold and 400 for bad input', async () => {
    const solo = await shopper(server, SOLO);
    const other = await server.request('/occ/v2/b2b/users/current/deliverydates?shipTo=0000410002&salesOrg=DAIR', { token: solo.token });
    assert.equal(other.status, 404);
    const range = await server.request('/occ/v2/b2b/users/current/deliverydates?shipTo=0000410001&salesOrg=CHIL', { token: solo.token });
    assert.equal(range.status, 404);
    const bad = await server.request('/occ/v2/b2b/users/current/deliverydates?shipTo=0000410001&salesOrg=MILK', { token: solo.token });
    assert.equal(bad.status, 400);
    assert.equal(((await bad.json()) as { errors: { subject: string }[] }).errors[0]?.subject, 'salesOrg');
  });
});
