import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { orders } from '../src/db/schema';
import { operatorToken } from './support/admin-client';
import { SOLO, shopper, type Shopper } from './support/cart-helpers';
import { createStandingOrder, runScheduler, standingOrdersPlaced } from './support/standing-helpers';
import { setClock } from './support/test-clock';
import { startTestServer, type TestServer } from './support/test-server';

// SOLO's ship-to 0000410001 receives DAIR on Fridays, cut-off Thursday 14:00 London (GMT in winter): a standing
// order's Friday delivery is placed then, at the ship-to's minimum order as it stands (docs/minimum-order.md).
describe("a standing order's delivery below the minimum order", () => {
  let server: TestServer;
  let admin: string;
  let solo: Shopper;
  before(async () => {
    server = await startTestServer({ env: { TEST_CLOCK_CONTROL: 'true', STANDING_ORDERS_INTERVAL_SECONDS: '0', OUTBOX_POLL_SECONDS: '60' } });
    admin = await operatorToken(server);
    const csv = 'code,name,brand,range,category,packSize,listPrice,vatRate,storage,shelfLifeDays\nMOS-137,Standing Cheddar,Testbrand,DAIR,DAIR_BUTTER,6 x 250 g,137.60,0,chilled,21\n';
    const imported = await server.request('/admin/v1/imports/products?dryRun=false&fileName=minimum-standing.csv', { method: 'POST', token: admin, headers: { 'content-type': 'text/csv' }, body: csv });
    assert.equal(imported.status, 200, await imported.text());
    solo = await shopper(server, SOLO);
  });
  after(() => server.close());

  const setMinimum = async (body: unknown) => {
    const response = await server.request(`/admin/v1/shiptos/${SOLO.shipTo}/ranges/DAIR/minimumorder`, { method: 'PUT', token: admin, body: JSON.stringify(body) });
    assert.equal(response.status, 200, await response.text());
  };
  const standingOfOneCase = async (startDate: string) => {
    await solo.call('DELETE', '/users/current/carts/active');
    assert.equal((await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: 'MOS-137' }, quantity: 1 } })).status, 200);
    return createStandingOrder(solo, { cartId: 'active', weekdays: [5], startDate });
  };

  it('pays the delivery charge below a charging minimum', async () => {
    await setClock(server, '2026-12-01T10:00:00Z');
    await setMinimum({ minimumOrderPence: 15000, belowMinimum: 'charge', deliveryChargePence: 1500 });
    const standing = await standingOfOneCase('2026-12-02');
    // Its pages show the charge each order will pay, before any is placed.
    const shown = (await solo.call('GET', `/users/current/standingorders/${standing.code}`)).body as { deliveryCost: { valuePence: number }; totalPrice: { valuePence: number } };
    assert.deepEqual([shown.deliveryCost.valuePence, shown.totalPrice.valuePence], [1500, 15260]);
    const friday = (await solo.call('GET', `/users/current/standingorders/${standing.code}/deliveries/2026-12-04`)).body as { deliveryCost: { valuePence: number } };
    assert.equal(friday.deliveryCost.valuePence, 1500);
    await setClock(server, '2026-12-03T14:00:00Z');
    await runScheduler(server);
    const [placed] = await standingOrdersPlaced(server, standing.code);
    assert.ok(placed, 'the delivery was ordered');
    const [order] = await server.database.db.select().from(orders).where(eq(orders.code, placed.code));
    assert.deepEqual(order && [order.netPence, order.deliveryChargePence, order.deliveryChargeVatPence], [13760 + 1500, 1500, 0]);
    await solo.call('POST', `/users/current/standingorders/${standing.code}/end`);
  });

  it('is not ordered below a refusing minimum, and the delivery says why', async () => {
    await setClock(server, '2026-12-08T10:00:00Z');
    await setMinimum({ minimumOrderPence: 15000, belowMinimum: 'refuse' });
    const standing = await standingOfOneCase('2026-12-09');
    await setClock(server, '2026-12-10T14:00:00Z');
    await runScheduler(server);
    assert.deepEqual(await standingOrdersPlaced(server, standing.code), []);
    const friday = (await solo.call('GET', `/users/current/standingorders/${standing.code}/deliveries/2026-12-11`)).body as { state: string; problem: string | null };
    assert.deepEqual([friday.state, friday.problem], ['failed', 'Not ordered: Minimum order for this delivery is £150.00 — add £12.40 more']);
  });
});
