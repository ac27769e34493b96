// test:api:embedded: the demo seed's credit control data, on the engine the demo runs on
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cartFor, checkedOut } from './support/limit-helpers';
import { shopper } from './support/cart-helpers';
import { startTestServer, type TestServer } from './support/test-server';

// Monday 1 March 2027: both demo ship-tos take dairy Monday to Friday, cut-off 14:00 the working day before.
const MONDAY = '2027-03-01T09:00:00Z';

describe('the credit control demo (README, docs/credit-control.md)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { TEST_CLOCK_CONTROL: 'true', STANDING_ORDERS_INTERVAL_SECONDS: '0' } });
  });
  after(async () => server.close());

  it('has Dales Tearooms £150.00 from its credit limit, and holds an order over it', async () => {
    const tearoom = await shopper(server, { username: 'tearoom@example.com', shipTo: '0000410006', salesOrg: 'DAIR' });
    const credit = (await tearoom.call('GET', '/users/current/credit', { scoped: false })).body.soldTos as { code: string; limit: { formattedValue: string }; available: { formattedValue: string }; onHold: boolean }[];
    assert.deepEqual(credit.map((one) => [one.code, one.limit.formattedValue, one.available.formattedValue, one.onHold]), [['0000100004', '£5,000.00', '£150.00', false]]);
    await cartFor(server, tearoom, { at: MONDAY, deliveryDate: '2027-03-03', quantities: [40, 40] });
    const order = await checkedOut(tearoom);
    assert.equal(order.status, 'awaitingCredit');
  });

  it('has Riverside Bistro on hold: its orders wait for the credit team, with the reason', async () => {
    const bistro = await shopper(server, { username: 'bistro@example.com', shipTo: '0000410007', salesOrg: 'DAIR' });
    await cartFor(server, bistro, { at: MONDAY, deliveryDate: '2027-03-03', quantities: [1] });
    const order = (await checkedOut(bistro)) as unknown as { status: string; creditHold: { message: string } | null };
    assert.equal(order.status, 'awaitingCredit');
    assert.equal(order.creditHold?.message, 'Your account is on hold: Invoice INV-DEMO-9001 is 60 days overdue. Your order is waiting for our credit team.');
  });
});
