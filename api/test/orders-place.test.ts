// test:api:embedded: placing an order, the SQL at the heart of the shop, on each engine.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { carts, prices, products } from '../src/db/schema';
import { MULTI_CHIL_PO, sellableProducts, shopper, SOLO, type Shopper } from './support/cart-helpers';
import { startTestServer, type TestServer } from './support/test-server';

interface OrderBody {
  code: string;
  status: string;
  deliveryDate: string;
  purchaseOrderNumber: string | null;
  entries: { entryNumber: number; quantity: number; product: { code: string; name: string; packSize: string }; basePrice: { valuePence: number }; totalPrice: { valuePence: number } }[];
  totalUnitCount: number;
  totalPrice: { valuePence: number };
  totalTax: { valuePence: number };
  totalPriceWithTax: { valuePence: number };
}

describe('placing orders, order history and reorder', () => {
  let server: TestServer;
  let solo: Shopper;
  let codes: string[];
  before(async () => {
    server = await startTestServer();
    solo = await shopper(server, SOLO);
    codes = await sellableProducts(server, 'DAIR', 10);
  });
  after(() => server.close());

  /** A fresh current cart with these lines and the first orderable delivery date; answers its code. */
  const readyCart = async (who: Shopper, lines: [string, number][], details: Record<string, string> = {}) => {
    await who.call('DELETE', '/users/current/carts/active');
    const cart = (await who.call('POST', '/users/current/carts')).body as { code: string };
    for (const [code, quantity] of lines) {
      const added = await who.call('POST', '/users/current/carts/active/entries', { body: { product: { code }, quantity } });
      assert.equal(added.status, 200, JSON.stringify(added.body));
    }
    const dates = (await who.call('GET', '/users/current/deliverydates')).body.deliveryDates as { date: string }[];
    const put = await who.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: dates[0]?.date, ...details } });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    return cart.code;
  };

  const place = (who: Shopper, cartId: string, key: string | null = randomUUID()) =>
    who.call('POST', `/users/current/orders?cartId=${cartId}`, { headers: key === null ? {} : { 'idempotency-key': key } });

  it('places an order with a snapshot of the lines and totals, and empties the way for a new cart', async () => {
    const cartCode = await readyCart(solo, [[codes[0] as string, 3], [codes[1] as string, 1]], { purchaseOrderNumber: 'PO-9', deliveryInstructions: 'Side gate' });
    const cartBefore = (await solo.call('GET', `/users/current/carts/${cartCode}`)).body as unknown as OrderBody;
    const placed = await place(solo, cartCode);
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    const order = placed.body as unknown as OrderBody;
    assert.match(order.code, /^MV-\d{6}$/);
    assert.equal(order.status, 'placed');
    assert.equal(order.purchaseOrderNumber, 'PO-9');
    assert.deepEqual(order.entries.map((e) => [e.product.code, e.quantity, e.basePrice.valuePence]), cartBefore.entries.map((e) => [e.product.code, e.quantity, e.basePrice.valuePence]));
    assert.equal(order.totalPriceWithTax.valuePence, cartBefore.totalPriceWithTax.valuePence);
    assert.equal(order.totalPriceWithTax.valuePence, order.totalPrice.valuePence + order.totalTax.valuePence);
    assert.equal((await solo.call('GET', `/users/current/carts/${cartCode}`)).status, 404);
    const next = (await solo.call('POST', '/users/current/carts')).body as { code: string; totalUnitCount: number };
    assert.notEqual(next.code, cartCode);
    assert.equal(next.totalUnitCount, 0);

    // The order keeps its snapshot when the catalogue changes.
    await server.database.db.update(products).set({ name: 'Renamed', listPricePence: 1 }).where(eq(products.code, codes[0] as string));
    const detail = await solo.call('GET', `/users/current/orders/${order.code}`, { scoped: false });
    assert.equal(detail.status, 200);
    // The order page also gets the delivery address, the sold-to's name, the PO rule and who placed it (a colleague
    // of the ship-to may open it too), which placing does not answer.
    const { shipTo, soldToName, placedBy, placedByYou, ...snapshot } = detail.body as Record<string, unknown> & { shipTo: { address?: unknown; purchaseOrderRequired?: unknown } };
    const { address, purchaseOrderRequired, ...shipToOfOrder } = shipTo;
    assert.deepEqual({ ...snapshot, shipTo: shipToOfOrder }, placed.body);
    assert.deepEqual([placedBy, placedByYou], [{ name: 'Sam Okafor' }, true]);
    assert.deepEqual(address, { line1: '14 Goodramgate', town: 'York', postalCode: 'YO1 7LQ' });
    assert.equal(purchaseOrderRequired, false);
    assert.equal(typeof soldToName, 'string');
  });

  it('answers a repeat with the same key with the same order, status and body; the key with another cart with 422', async () => {
    const key = randomUUID();
    const cartCode = await readyCart(solo, [[codes[2] as string, 2]]);
    const first = await place(solo, cartCode, key);
    const again = await place(solo, cartCode, key);
    assert.equal(first.status, 201);
    assert.equal(again.status, 201);
    assert.deepEqual(again.body, first.body);
    const other = await readyCart(solo, [[codes[3] as string, 1]]);
    const reused = await place(solo, other, key);
    assert.equal(reused.status, 422);
    assert.equal(reused.body.errors?.[0]?.subject, 'Idempotency-Key');
    const otherKey = await place(solo, cartCode, randomUUID());
    assert.equal(otherKey.status, 409);
    assert.match(otherKey.body.errors?.[0]?.message ?? '', new RegExp((first.body as unknown as OrderBody).code));
  });

  it('requires an Idempotency-Key header', async () => {
    const cartCode = await readyCart(solo, [[codes[4] as string, 1]]);
    for (const key of [null, '', '   ', 'x'.repeat(101)]) {
      const response = await place(solo, cartCode, key);
      assert.equal(response.status, 400, String(key));
      assert.equal(response.body.errors?.[0]?.subject, 'Idempotency-Key');
    }
  });

  it('refuses a cart that is not ready: empty, no date, past cut-off, no PO where required, lines no longer sold', async () => {
    await solo.call('DELETE', '/users/current/carts/active');
    await solo.call('POST', '/users/current/carts');
    const empty = await place(solo, 'active');
    assert.equal(empty.status, 422);
    assert.equal(empty.body.errors?.[0]?.subject, 'entries');

    const noDate = await readyCart(solo, [[codes[5] as string, 1]], { requestedDeliveryDate: '' });
    assert.equal((await place(solo, noDate)).body.errors?.[0]?.subject, 'requestedDeliveryDate');

    const expired = await readyCart(solo, [[codes[5] as string, 1]]);
    await server.database.db.update(carts).set({ requestedDeliveryDate: '2024-01-09' }).where(eq(carts.code, expired));
    const late = await place(solo, expired);
    assert.equal(late.status, 422);
    assert.match(late.body.errors?.[0]?.message ?? '', /2024-01-09.*pastCutoff/);

    const multi = await shopper(server, MULTI_CHIL_PO);
    const chil = await sellableProducts(server, 'CHIL', 1);
    const noPo = await readyCart(multi, [[chil[0] as string, 1]]);
    const refused = await place(multi, noPo);
    assert.equal(refused.status, 422);
    assert.equal(refused.body.errors?.[0]?.subject, 'purchaseOrderNumber');
    await multi.call('PUT', `/users/current/carts/${noPo}`, { body: { purchaseOrderNumber: 'NG-1' } });
    assert.equal((await place(multi, noPo)).status, 201);

    const stale = await readyCart(solo, [[codes[6] as string, 1], [codes[7] as string, 1]]);
    await server.database.db.update(products).set({ discontinued: true }).where(eq(products.code, codes[7] as string));
    const gone = await place(solo, stale);
    assert.equal(gone.status, 422);
    assert.match(gone.body.errors?.[0]?.message ?? '', new RegExp(`${codes[7]} \\(productDiscontinued\\)`));
    assert.equal((await solo.call('GET', `/users/current/carts/${stale}`)).status, 200);

    const costly = codes[8] as string;
    await server.database.db.delete(prices).where(eq(prices.productCode, costly));
    await server.database.db.update(products).set({ listPricePence: 100_000_000 }).where(eq(products.code, costly));
    const huge = await readyCart(solo, [[costly, 30]]);
    const tooLarge = await place(solo, huge);
    assert.equal(tooLarge.status, 422);
    assert.match(tooLarge.body.errors?.[0]?.message ?? '', /cannot exceed/);
  });

  it('lists order history newest first with pagination, and reorders what is still sold', async () => {
    const countBefore = ((await solo.call('GET', '/users/current/orders?pageSize=1')).body.pagination as { totalResults: number }).totalResults;
    const first = await place(solo, await readyCart(solo, [[codes[0] as string, 3], [codes[1] as string, 1]]));
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const second = await place(solo, await readyCart(solo, [[codes[2] as string, 1]]));
    assert.equal(second.status, 201, JSON.stringify(second.body));

    const history = await solo.call('GET', '/users/current/orders?pageSize=2');
    assert.equal(history.status, 200);
    const orders = history.body.orders as OrderBody[];
    const pagination = history.body.pagination as { totalResults: number; totalPages: number };
    assert.deepEqual(orders.map((o) => o.code), [(second.body as unknown as OrderBody).code, (first.body as unknown as OrderBody).code]);
    assert.equal(pagination.totalResults, countBefore + 2);
    const page = await solo.call('GET', '/users/current/orders?pageSize=1&currentPage=1');
    assert.equal((page.body.orders as OrderBody[])[0]?.code, orders[1]?.code);
    const beyondPage = Math.ceil(pagination.totalResults / 2) + 1;
    const beyond = await solo.call('GET', `/users/current/orders?pageSize=2&currentPage=${beyondPage}`);
    assert.deepEqual(beyond.body.orders, []);
    assert.equal((beyond.body.pagination as { totalResults: number }).totalResults, countBefore + 2);
    for (const bad of ['pageSize=0', 'pageSize=1000', 'currentPage=-1', 'pageSize=x']) {
      const response = await solo.call('GET', `/users/current/orders?${bad}`);
      assert.equal(response.status, 400, bad);
    }

    // The older of the two had codes[0] x3 and codes[1] x1; discontinue codes[1] and reorder.
    await server.database.db.update(products).set({ discontinued: true }).where(eq(products.code, codes[1] as string));
    await solo.call('DELETE', '/users/current/carts/active');
    const oldest = orders[1] as OrderBody;
    const reordered = await solo.call('POST', `/users/current/orders/${oldest.code}/reorder`, { scoped: false });
    assert.equal(reordered.status, 200, JSON.stringify(reordered.body));
    assert.deepEqual(reordered.body.added, [{ productCode: codes[0], quantity: 3 }]);
    const notAdded = reordered.body.notAdded as { productCode: string; reason: string; message: string }[];
    assert.deepEqual(notAdded.map((n) => [n.productCode, n.reason]), [[codes[1], 'productDiscontinued']]);
    assert.match(notAdded[0]?.message ?? '', /no longer sold/);
    const cart = (await solo.call('GET', '/users/current/carts/active')).body as unknown as OrderBody;
    assert.deepEqual(cart.entries.map((e) => [e.product.code, e.quantity]), [[codes[0], 3]]);
  });
});
