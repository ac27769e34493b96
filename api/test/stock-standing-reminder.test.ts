import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SOLO, shopper } from './support/cart-helpers';
import { integrationToken } from './support/integration-client';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { SmtpSink } from './support/smtp-sink';
import { createStandingOrder, runScheduler } from './support/standing-helpers';
import { CATALOGUE_CLIENT, feedStock, newDairyProducts } from './support/stock-helpers';
import { setClock } from './support/test-clock';
import { startTestServer, type TestServer } from './support/test-server';

describe('a standing order\'s reminder flags the lines the stock cannot fill for the delivery', () => {
  let sink: SmtpSink;
  let server: TestServer;
  before(async () => {
    sink = await new SmtpSink().start();
    server = await startTestServer({
      env: { TEST_CLOCK_CONTROL: 'true', STANDING_ORDERS_INTERVAL_SECONDS: '0', SHOP_URL: 'https://shop.meadowvale.example', SMTP_URL: sink.url, ...ON_DEMAND_OUTBOX, INTEGRATION_CLIENTS: JSON.stringify([CATALOGUE_CLIENT]) },
    });
  });
  after(async () => {
    await server.close();
    await sink.stop();
  });

  it('says how many are left of a short line, that an empty one is out, and nothing of a line the stock fills', async () => {
    await newDairyProducts(server, [
      { code: 'ST-S1', name: 'Standingstock Short' },
      { code: 'ST-S2', name: 'Standingstock Gone' },
      { code: 'ST-S3', name: 'Standingstock Plenty' },
    ]);
    await setClock(server, '2026-12-01T10:00:00Z');
    const solo = await shopper(server, SOLO);
    await solo.call('DELETE', '/users/current/carts/active');
    for (const [code, quantity] of [['ST-S1', 4], ['ST-S2', 2], ['ST-S3', 1]] as const) {
      assert.equal((await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code }, quantity } })).status, 200);
    }
    const standing = await createStandingOrder(solo, { cartId: 'active', name: 'Stock Friday', weekdays: [5], startDate: '2026-12-02' });
    await feedStock(server, await integrationToken(server, CATALOGUE_CLIENT), [
      { product: 'ST-S1', deliveryDate: '2026-12-04', available: 3 },
      { product: 'ST-S2', deliveryDate: '2026-12-04', available: 0 },
      { product: 'ST-S3', deliveryDate: '2026-12-04', available: 50 },
    ]);

    // Friday 4 December: reminded Thursday 3 December 08:00.
    await setClock(server, '2026-12-03T08:00:00Z');
    await runScheduler(server);
    await dispatch(server);
    const reminder = sink.mails.find((mail) => mail.subject?.startsWith(`Standing order ${standing.code}`));
    assert.ok(reminder, 'the reminder mail');
    const lines = (reminder.text ?? '').split('\n');
    assert.match(lines.find((line) => line.includes('ST-S1')) ?? '', /^4 x Standingstock Short .*\(only 3 left for this delivery\)$/);
    assert.match(lines.find((line) => line.includes('ST-S2')) ?? '', /^2 x Standingstock Gone .*\(out of stock for this delivery\)$/);
    assert.doesNotMatch(lines.find((line) => line.includes('ST-S3')) ?? '', /left|out of stock/);
    assert.match(String(reminder.html), /only 3 left for this delivery/);
  });
});
