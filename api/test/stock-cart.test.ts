// test:api:embedded: the checkout's re-check locks and updates stock rows inside the order's transaction, on each engine
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { stockLevels } from '../src/db/schema';
import { MULTI_DAIR, SOLO, shopper, type Shopper } from './support/cart-helpers';
import { onlyOnPostgres } from './support/engines';
import { integrationToken } from './support/integration-client';
import { CATALOGUE_CLIENT, feedStock, newDairyProducts } from './support/stock-helpers';
import { startTestServer, type TestServer } from './support/test-server';

type Entry = { entryNumber: number; quantity: number; product: { code: string }; stockNotice?: { deliveryDate: string; available: number; backOn: string | null } };

describe('stock in the cart: a line wanting more than is left says so, and checkout re-checks', () => {
  let server: TestServer;
  let erp: string;
  before(async () => {
    server = await startTestServer({ env: { INTEGRATION_CLIENTS: JSON.stringify([CATALOGUE_CLIENT]) } });
    erp = await integrationToken(server, CATALOGUE_CLIENT);
    await newDairyProducts(server, [
      { code: 'ST-C1', name: 'Stockcart Skyr' },
      { code: 'ST-C2', name: 'Stockcart Kefir' },
      { code: 'ST-C3', name: 'Stockcart Cream' },
    ]);
  });
  after(() => server.close());

  const firstDate = async (who: Shopper) => ((await who.call('GET', '/users/current/deliverydates')).body.deliveryDates as { date: string }[])[0]?.date as string;
  const available = async (code: string, date: string) =>
    (await server.database.db.select({ available: stockLevels.available }).from(stockLevels).where(and(eq(stockLevels.productCode, code), eq(stockLevels.deliveryDate, date))))[0]?.available;
  const freshCart = async (who: Shopper, date: string, lines: [string, number][]) => {
    await who.call('DELETE', '/users/current/carts/active');
    assert.equal((await who.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: date } })).status, 200);
    for (const [code, quantity] of lines) assert.equal((await who.call('POST', '/users/current/carts/active/entries', { body: { product: { code }, quantity } })).status, 200);
  };
  const place = (who: Shopper) => who.call('POST', '/users/current/orders?cartId=active', { headers: { 'idempotency-key': randomUUID() } });

  it('adding more than is left keeps the line as asked, answers lowStock and tells what is left; checkout refuses it naming the line and loses nothing', async () => {
    const solo = await shopper(server, SOLO);
    const date = await firstDate(solo);
    await feedStock(server, erp, [{ product: 'ST-C1', deliveryDate: date, available: 6 }]);
    await freshCart(solo, date, [['ST-C3', 2]]);

    const added = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: 'ST-C1' }, quantity: 10 } });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.equal(added.body.statusCode, 'lowStock');
    const entry = added.body.entry as Entry;
    assert.equal(entry.quantity, 10);
    assert.deepEqual(entry.stockNotice, { deliveryDate: date, available: 6, backOn: null });

    const refused = await place(solo);
    assert.equal(refused.status, 409, JSON.stringify(refused.body));
    assert.equal(refused.body.errors?.[0]?.type, 'StockError');
    assert.match(refused.body.errors?.[0]?.message ?? '', /Stockcart Skyr \(ST-C1\): 6 left, 10 in the cart/);
    const kept = await solo.call('GET', '/users/current/carts/active');
    assert.deepEqual((kept.body.entries as Entry[]).map((line) => [line.product.code, line.quantity]), [['ST-C3', 2], ['ST-C1', 10]]);
    assert.equal(await available('ST-C1', date), 6);

    // Taking the rest: the line at what is left is ordered, and what it took is off the stock.
    const taken = await solo.call('PUT', `/users/current/carts/active/entries/${entry.entryNumber}`, { body: { quantity: 6 } });
    assert.equal(taken.status, 200);
    assert.equal(taken.body.statusCode, 'success');
    assert.deepEqual((taken.body.entry as Entry).stockNotice, { deliveryDate: date, available: 6, backOn: null });
    const placed = await place(solo);
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    assert.equal(await available('ST-C1', date), 0);
  });

  it('a product out of stock says when it is back on the cart line', async () => {
    const solo = await shopper(server, SOLO);
    const dates = ((await solo.call('GET', '/users/current/deliverydates')).body.deliveryDates as { date: string }[]).map((one) => one.date);
    const [first, second] = dates as [string, string];
    await feedStock(server, erp, [{ product: 'ST-C3', deliveryDate: first, available: 0 }, { product: 'ST-C3', deliveryDate: second, available: 30 }]);
    await freshCart(solo, first, [['ST-C3', 1]]);
    const cart = await solo.call('GET', '/users/current/carts/active');
    assert.deepEqual((cart.body.entries as Entry[])[0]?.stockNotice, { deliveryDate: first, available: 0, backOn: second });
  });

  it('two customers checking out the last cases at once: one order, one 409', { skip: onlyOnPostgres }, async () => {
    const solo = await shopper(server, SOLO);
    const multi = await shopper(server, MULTI_DAIR);
    const soloDate = await firstDate(solo);
    const multiDate = await firstDate(multi);
    assert.equal(soloDate, multiDate, 'both ship-tos take deliveries on the same next day');
    await feedStock(server, erp, [{ product: 'ST-C2', deliveryDate: soloDate, available: 6 }]);
    await freshCart(solo, soloDate, [['ST-C2', 4]]);
    await freshCart(multi, multiDate, [['ST-C2', 4]]);
    const answers = await Promise.all([place(solo), place(multi)]);
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [201, 409]);
    assert.equal(await available('ST-C2', soloDate), 2);
  });
});
