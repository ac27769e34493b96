import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sellableProducts, shopper, SOLO, type Shopper } from './support/cart-helpers';
import { startTestServer, type TestServer } from './support/test-server';

interface CartBody {
  code: string;
  version: number;
  status: string;
  name: string | null;
  description: string | null;
  saveTime: string | null;
  purchaseOrderNumber: string | null;
  deliveryInstructions: string | null;
  requestedDeliveryDate: string | null;
  entries?: { product: { code: string }; quantity: number }[];
  totalItems: number;
  totalUnitCount: number;
  totalPriceWithTax: { valuePence: number };
}

describe('cart details, versions and saved carts', () => {
  let server: TestServer;
  let solo: Shopper;
  let codes: string[];
  before(async () => {
    server = await startTestServer();
    solo = await shopper(server, SOLO);
    codes = await sellableProducts(server, 'DAIR', 6);
  });
  after(() => server.close());

  const fill = async (...lines: [string, number][]) => {
    await solo.call('DELETE', '/users/current/carts/active');
    for (const [code, quantity] of lines) {
      await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code }, quantity } });
    }
    return (await solo.call('GET', '/users/current/carts/active')).body as unknown as CartBody;
  };

  it('sets purchase order number, instructions and an orderable delivery date; refuses bad values', async () => {
    await fill([codes[0] as string, 1]);
    const dates = await solo.call('GET', '/users/current/deliverydates');
    const deliveryDates = dates.body.deliveryDates as { date: string; cutoff: string }[];
    const date = deliveryDates[0]?.date as string;
    const put = await solo.call('PUT', '/users/current/carts/active', {
      body: { purchaseOrderNumber: ' PO-123 ', deliveryInstructions: 'Back door, ring twice', requestedDeliveryDate: date },
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const cart = put.body as unknown as CartBody;
    assert.deepEqual([cart.purchaseOrderNumber, cart.deliveryInstructions, cart.requestedDeliveryDate], ['PO-123', 'Back door, ring twice', date]);

    const cases: [unknown, string][] = [
      [{ purchaseOrderNumber: 'x'.repeat(36) }, 'purchaseOrderNumber'],
      [{ deliveryInstructions: 'x'.repeat(501) }, 'deliveryInstructions'],
      [{ requestedDeliveryDate: '2026-02-30' }, 'requestedDeliveryDate'],
      [{ requestedDeliveryDate: '2020-01-07' }, 'requestedDeliveryDate'],
      [{ requestedDeliveryDate: 'tomorrow' }, 'requestedDeliveryDate'],
    ];
    for (const [body, subject] of cases) {
      const response = await solo.call('PUT', '/users/current/carts/active', { body });
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.body.errors?.[0]?.subject, subject);
    }
    const notDeliveryDay = await solo.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: '2020-01-08' } });
    assert.match(notDeliveryDay.body.errors?.[0]?.message ?? '', /cannot be ordered/);
    const unchanged = (await solo.call('GET', '/users/current/carts/active')).body as unknown as CartBody;
    assert.equal(unchanged.requestedDeliveryDate, date);
    const cleared = await solo.call('PUT', '/users/current/carts/active', { body: { purchaseOrderNumber: '', requestedDeliveryDate: null } });
    assert.equal((cleared.body as unknown as CartBody).purchaseOrderNumber, null);
    assert.equal((cleared.body as unknown as CartBody).requestedDeliveryDate, null);
    assert.equal((cleared.body as unknown as CartBody).deliveryInstructions, 'Back door, ring twice');
  });

  it('answers 409 to an edit based on a stale version and changes nothing', async () => {
    const cart = await fill([codes[0] as string, 1]);
    const read = await solo.call('GET', `/users/current/carts/${cart.code}`);
    const etag = read.headers.get('etag') as string;
    assert.equal(etag, `"${cart.version}"`);
    const first = await solo.call('PUT', `/users/current/carts/${cart.code}`, { body: { purchaseOrderNumber: 'A' }, headers: { 'if-match': etag } });
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('etag'), `"${cart.version + 1}"`);
    for (const [method, path, body] of [
      ['PUT', `/users/current/carts/${cart.code}`, { purchaseOrderNumber: 'B' }],
      ['POST', `/users/current/carts/${cart.code}/entries`, { product: { code: codes[1] }, quantity: 1 }],
      ['PUT', `/users/current/carts/${cart.code}/entries/0`, { quantity: 7 }],
      ['DELETE', `/users/current/carts/${cart.code}/entries/0`, undefined],
      ['PATCH', `/users/current/carts/${cart.code}/save`, undefined],
      ['DELETE', `/users/current/carts/${cart.code}`, undefined],
    ] as const) {
      const stale = await solo.call(method, path, { body, headers: { 'if-match': etag } });
      assert.equal(stale.status, 409, `${method} ${path}`);
      assert.equal(stale.body.errors?.[0]?.reason, 'conflict');
    }
    const now = (await solo.call('GET', `/users/current/carts/${cart.code}?fields=FULL`)).body as unknown as CartBody;
    assert.equal(now.purchaseOrderNumber, 'A');
    assert.equal(now.version, cart.version + 1);
    assert.deepEqual(now.entries?.map((e) => e.quantity), [1]);
    const bad = await solo.call('PUT', `/users/current/carts/${cart.code}`, { body: {}, headers: { 'if-match': 'yesterday' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors?.[0]?.subject, 'If-Match');
  });

  it('saves a cart, starts a fresh current cart, lists saved carts newest first, restores without losing the current cart', async () => {
    const first = await fill([codes[0] as string, 2], [codes[1] as string, 3]);
    const saved = await solo.call('PATCH', `/users/current/carts/${first.code}/save?saveCartName=Weekly%20order&saveCartDescription=Mondays`);
    assert.equal(saved.status, 200);
    const savedData = saved.body.savedCartData as CartBody;
    assert.deepEqual([savedData.status, savedData.name, savedData.description], ['saved', 'Weekly order', 'Mondays']);
    assert.ok(savedData.saveTime);
    const current = (await solo.call('GET', '/users/current/carts/active')).body as unknown as CartBody;
    assert.notEqual(current.code, first.code);
    assert.equal(current.totalUnitCount, 0);

    await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: codes[2] }, quantity: 1 } });
    const second = await solo.call('PATCH', '/users/current/carts/active/save');
    const secondData = second.body.savedCartData as CartBody;
    assert.match(secondData.name ?? '', /^Cart saved on \d{1,2} \w+ \d{4}$/);

    const list = await solo.call('GET', '/users/current/carts?savedCartsOnly=true&fields=FULL');
    assert.equal(list.status, 200);
    const carts = list.body.carts as CartBody[];
    assert.deepEqual(carts.map((c) => c.code), [secondData.code, first.code]);
    // Each cart of the page carries its own lines (read for the whole page at once).
    assert.deepEqual(
      carts.map((c) => [c.totalItems, c.totalUnitCount, c.entries?.map((e) => e.product.code)]),
      [
        [1, 1, [codes[2]]],
        [2, 5, [codes[0], codes[1]]],
      ],
    );
    const weekly = carts[1] as CartBody;
    assert.ok(weekly.totalPriceWithTax.valuePence > 0);
    assert.deepEqual(list.body.pagination, { currentPage: 0, pageSize: 20, totalPages: 1, totalResults: 2 });

    // The current cart has a line: restoring puts it aside as a saved cart.
    await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: codes[3] }, quantity: 4 } });
    const replaced = (await solo.call('GET', '/users/current/carts/active')).body as unknown as CartBody;
    const restored = await solo.call('PATCH', `/users/current/carts/${first.code}/restoresavedcart`);
    assert.equal(restored.status, 200);
    assert.equal((restored.body.savedCartData as CartBody).status, 'current');
    const active = (await solo.call('GET', '/users/current/carts/active')).body as unknown as CartBody;
    assert.equal(active.code, first.code);
    const aside = (await solo.call('GET', `/users/current/carts/${replaced.code}?fields=FULL`)).body as unknown as CartBody;
    assert.equal(aside.status, 'saved');
    assert.match(aside.name ?? '', /^Cart saved on /);
    assert.deepEqual(aside.entries?.map((e) => [e.product.code, e.quantity]), [[codes[3], 4]]);

    // An empty current cart is simply dropped when a saved cart is restored.
    await solo.call('PATCH', '/users/current/carts/active/save?saveCartName=Again');
    const empty = (await solo.call('GET', '/users/current/carts/active')).body as unknown as CartBody;
    await solo.call('PATCH', `/users/current/carts/${secondData.code}/restoresavedcart`);
    assert.equal((await solo.call('GET', `/users/current/carts/${empty.code}`)).status, 404);

    const notSaved = await solo.call('PATCH', `/users/current/carts/${secondData.code}/restoresavedcart`);
    assert.equal(notSaved.status, 409);
    const deleted = await solo.call('DELETE', `/users/current/carts/${first.code}`);
    assert.equal(deleted.status, 204);
    assert.equal((await solo.call('GET', `/users/current/carts/${first.code}`)).status, 404);
  });

  it('does not save an empty cart', async () => {
    await fill();
    const response = await solo.call('PATCH', '/users/current/carts/active/save?saveCartName=Nothing');
    assert.equal(response.status, 422);
    assert.equal(response.body.errors?.[0]?.subject, 'entries');
  });
});
