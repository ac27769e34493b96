import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { SOLO, shopper, type Shopper } from './support/cart-helpers';
import { integrationToken } from './support/integration-client';
import { eventually } from './support/order-helpers';
import { CATALOGUE_CLIENT, feedStock, newDairyProducts } from './support/stock-helpers';
import { startTestServer, type TestServer } from './support/test-server';

type Notice = { deliveryDate: string; available: number; backOn: string | null } | undefined;

describe('stock notices on cards and product pages, for the delivery date the customer buys for', () => {
  let server: TestServer;
  let solo: Shopper;
  let dates: string[];
  before(async () => {
    server = await startTestServer({ env: { INTEGRATION_CLIENTS: JSON.stringify([CATALOGUE_CLIENT]) } });
    solo = await shopper(server, SOLO);
    dates = ((await solo.call('GET', '/users/current/deliverydates')).body.deliveryDates as { date: string }[]).map((one) => one.date);
    assert.ok(dates.length >= 3);
    await newDairyProducts(server, [
      { code: 'ST-L1', name: 'Stocknotice Butter One' },
      { code: 'ST-L2', name: 'Stocknotice Butter Two' },
      { code: 'ST-L3', name: 'Stocknotice Butter Three' },
      { code: 'ST-L4', name: 'Stocknotice Butter Four' },
    ]);
    const [first, second, third] = dates as [string, string, string];
    await feedStock(server, await integrationToken(server, CATALOGUE_CLIENT), [
      { product: 'ST-L1', deliveryDate: first, available: 6 },
      { product: 'ST-L2', deliveryDate: first, available: 0 },
      { product: 'ST-L2', deliveryDate: second, available: 0 },
      { product: 'ST-L2', deliveryDate: third, available: 12 },
      { product: 'ST-L3', deliveryDate: first, available: 500 },
      { product: 'ST-L4', deliveryDate: first, available: 0 },
    ]);
  });
  after(() => server.close());

  const detailNotice = async (code: string, scoped = true): Promise<Notice> => {
    const answer = await solo.call('GET', `/products/${code}`, { scoped });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.stockNotice as Notice;
  };

  it('the product page says few left, or none left and when it is back, for the ship-to\'s next delivery date', async () => {
    const [first, , third] = dates as [string, string, string];
    assert.deepEqual(await detailNotice('ST-L1'), { deliveryDate: first, available: 6, backOn: null });
    assert.deepEqual(await detailNotice('ST-L2'), { deliveryDate: first, available: 0, backOn: third });
    assert.deepEqual(await detailNotice('ST-L4'), { deliveryDate: first, available: 0, backOn: null });
    assert.equal(await detailNotice('ST-L3'), undefined, 'plenty left is not news');
    assert.equal(await detailNotice('ST-L1', false), undefined, 'without a ship-to there is no delivery date');
  });

  it('search results carry the same notices, one per card', async () => {
    const [first, , third] = dates as [string, string, string];
    const found = await eventually(async () => {
      const answer = await solo.call('GET', '/products/search?query=Stocknotice');
      const products = answer.body.products as { code: string; stockNotice?: Notice }[];
      return products.length === 4 ? products : undefined;
    }, 'the new products in the search');
    const byCode = Object.fromEntries(found.map((product) => [product.code, product.stockNotice]));
    assert.deepEqual(byCode, {
      'ST-L1': { deliveryDate: first, available: 6, backOn: null },
      'ST-L2': { deliveryDate: first, available: 0, backOn: third },
      'ST-L3': undefined,
      'ST-L4': { deliveryDate: first, available: 0, backOn: null },
    });
  });

  it('a row lowered by another process shows once its notification is heard (stock/low-stock-copy.ts)', async () => {
    const [first] = dates as [string];
    assert.equal(await detailNotice('ST-L3'), undefined);
    // Written past this process's feed, as another API process or the ERP's own tools would.
    await server.database.db.execute(sql`update stock_levels set available = 3 where product_code = 'ST-L3' and delivery_date = ${first}::date`);
    const notice = await eventually(() => detailNotice('ST-L3'), 'the notice after the notification');
    assert.deepEqual(notice, { deliveryDate: first, available: 3, backOn: null });
    await server.database.db.execute(sql`update stock_levels set available = 500 where product_code = 'ST-L3' and delivery_date = ${first}::date`);
    assert.equal(await detailNotice('ST-L3'), undefined, 'raised again: the copy holds it still, the statement finds plenty');
  });

  it('the cart\'s chosen delivery date is the one told', async () => {
    const [, , third] = dates as [string, string, string];
    await solo.call('DELETE', '/users/current/carts/active');
    const chosen = await solo.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: third } });
    assert.equal(chosen.status, 200, JSON.stringify(chosen.body));
    assert.deepEqual(await detailNotice('ST-L2'), { deliveryDate: third, available: 12, backOn: null });
    assert.equal(await detailNotice('ST-L1'), undefined, 'no row for that date: not limited');
    await solo.call('DELETE', '/users/current/carts/active');
  });
});
