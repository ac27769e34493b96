import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, asc, eq } from 'drizzle-orm';
import { cartEntries, carts, checkinPhotos, orderCheckins, orderLines, orders, parLevels, userShipTos, users } from '../src/db/schema';
import { sellableProducts, shopper, SOLO, type Shopper } from './support/cart-helpers';
import { routeTable, type Route } from './support/route-table';
import { BASE, startTestServer, type TestServer } from './support/test-server';

const COMMERCE = /^\/occ\/v2\/b2b\/users\/current\/(carts|orders|orderguide|deliverydates)/;

// The victim: multi@example.com at ship-to 0000410003 (DAIR). The attacker: solo@example.com at 0000410001 (DAIR).
const VICTIM = { username: 'multi@example.com', shipTo: '0000410003', salesOrg: 'DAIR' } as const;

interface Resources {
  cartCodes: string[];
  orderCode: string;
}

/** The path of a route with its parameters filled from someone's resources; an unknown parameter fails the test. */
function fill(route: Route, cartCode: string, orderCode: string): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'cartId') return cartCode;
    if (name === 'entryNumber') return '0';
    if (name === 'code') return orderCode;
    if (name === 'id') return '1';
    if (name === 'productCode') return '100001';
    assert.fail(`isolation test does not know the parameter :${name} of ${route.method} ${route.path}: teach it, and check that route`);
  });
}

const body = (method: string) =>
  method === 'GET' || method === 'DELETE'
    ? undefined
    : JSON.stringify({ product: { code: '100001' }, quantity: 1, purchaseOrderNumber: 'HACK', entries: [{ product: { code: '100001' }, quantity: 1 }], parLevel: 5, allowSubstitute: true, deliveryDate: '2030-01-07', lines: [{ entryNumber: 0, receivedQuantity: 0, damagedQuantity: 0, reason: 'short' }] });

/** A photo upload is multipart: one small file, so the route gets as far as asking whose order it is. */
function photoUpload(): FormData {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from('not really a photo')], { type: 'image/jpeg' }), 'door.jpg');
  return form;
}

describe('isolation: every cart and order route answers 404 and changes nothing for what the caller does not hold', () => {
  let server: TestServer;
  let victim: Shopper;
  let attacker: Shopper;
  let resources: Resources;
  let routes: Route[];

  before(async () => {
    server = await startTestServer();
    victim = await shopper(server, VICTIM);
    attacker = await shopper(server, SOLO);
    const [a, b] = await sellableProducts(server, 'DAIR', 2);
    const dates = (await victim.call('GET', '/users/current/deliverydates')).body.deliveryDates as { date: string }[];
    const ordered = (await victim.call('POST', '/users/current/carts')).body.code as string;
    await victim.call('POST', '/users/current/carts/active/entries', { body: { product: { code: a }, quantity: 2 } });
    await victim.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: dates[0]?.date } });
    const order = await victim.call('POST', `/users/current/orders?cartId=${ordered}`, { headers: { 'idempotency-key': randomUUID() } });
    assert.equal(order.status, 201);
    const saved = (await victim.call('POST', '/users/current/carts')).body.code as string;
    await victim.call('POST', '/users/current/carts/active/entries', { body: { product: { code: b }, quantity: 1 } });
    await victim.call('PATCH', `/users/current/carts/${saved}/save?saveCartName=Mine`);
    const current = (await victim.call('POST', '/users/current/carts')).body.code as string;
    await victim.call('POST', '/users/current/carts/active/entries', { body: { product: { code: a }, quantity: 3 } });
    resources = { cartCodes: [current, saved, ordered], orderCode: order.body.code as string };
    routes = routeTable(server.app.printRoutes({ commonPrefix: false })).filter((route) => COMMERCE.test(route.path));
  });
  after(() => server.close());

  /** Everything a cart or order route could change, to compare before and after the attacks. */
  const snapshot = async () => {
    const db = server.database.db;
    return JSON.stringify([
      await db.select().from(carts).orderBy(asc(carts.id)),
      await db.select().from(cartEntries).orderBy(asc(cartEntries.cartId), asc(cartEntries.entryNumber)),
      await db.select().from(orders).orderBy(asc(orders.id)),
      await db.select().from(orderLines).orderBy(asc(orderLines.orderId), asc(orderLines.lineNumber)),
      await db.select().from(parLevels).orderBy(asc(parLevels.shipToCode), asc(parLevels.productCode)),
      await db.select().from(orderCheckins).orderBy(asc(orderCheckins.orderId)),
      await db.select({ id: checkinPhotos.id }).from(checkinPhotos).orderBy(asc(checkinPhotos.id)),
    ]);
  };

  const expect404 = async (who: Shopper, route: Route, path: string, query: string) => {
    const upload = route.method === 'POST' && route.path.endsWith('/checkin/photos');
    const payload = upload ? photoUpload() : body(route.method);
    const response = await server.request(`${path}?${query}`, {
      method: route.method,
      token: who.token,
      body: payload,
      headers: { 'idempotency-key': randomUUID(), ...(payload === undefined || upload ? {} : { 'content-type': 'application/json' }) },
    });
    const text = await response.text();
    assert.equal(response.status, 404, `${route.method} ${path}?${query} answered ${response.status} ${text}`);
    assert.equal((JSON.parse(text) as { errors: { reason: string }[] }).errors[0]?.reason, 'notFound');
  };

  it('finds the cart, order and delivery-date routes in the route table', () => {
    const names = routes.map((route) => `${route.method} ${route.path.slice(BASE.length)}`);
    for (const expected of [
      'POST /users/current/carts',
      'GET /users/current/carts',
      'PUT /users/current/carts/:cartId/entries/:entryNumber',
      'PATCH /users/current/carts/:cartId/restoresavedcart',
      'POST /users/current/orders/:code/reorder',
      'GET /users/current/deliverydates',
      'POST /users/current/carts/:cartId/entries/bulk',
      'GET /users/current/orderguide',
      'PUT /users/current/orderguide/:productCode',
    ]) {
      assert.ok(names.includes(expected), `${expected} missing from ${names.join(', ')}`);
    }
    assert.ok(routes.length >= 15);
  });

  it("another user gets 404 for the victim's carts and orders, with the victim's ship-to or their own", async () => {
    const before = await snapshot();
    const victimScope = `shipTo=${VICTIM.shipTo}&salesOrg=${VICTIM.salesOrg}`;
    const ownScope = `shipTo=${SOLO.shipTo}&salesOrg=${SOLO.salesOrg}`;
    for (const route of routes) {
      const hasParams = route.path.includes(':');
      // A product code names nothing the victim owns: with their own scope the attacker's par levels are theirs.
      const namesVictimResource = /:(cartId|code|entryNumber)/.test(route.path);
      for (const cartCode of hasParams ? resources.cartCodes : [resources.cartCodes[0] as string]) {
        const path = fill(route, cartCode, resources.orderCode);
        await expect404(attacker, route, path, `${victimScope}&cartId=${cartCode}`);
        if (namesVictimResource) await expect404(attacker, route, path, `${ownScope}&cartId=${cartCode}`);
      }
      if (route.path.includes(':cartId')) {
        await expect404(attacker, route, fill(route, 'active', resources.orderCode), victimScope);
      }
    }
    // Checkout names the cart in the query rather than the path.
    await expect404(attacker, { method: 'POST', path: `${BASE}/users/current/orders` }, `${BASE}/users/current/orders`, `${ownScope}&cartId=${resources.cartCodes[0]}`);
    assert.equal(await snapshot(), before);
  });

  it("a colleague who holds the order's ship-to opens it (and its invoices), read-only; the placer opens it from any active account", async () => {
    // head@example.com holds Old Town too (the demo's head office), whatever account it has active.
    const colleague = await shopper(server, { username: 'head@example.com', shipTo: '0000410002', salesOrg: 'CHIL' });
    const before = await snapshot();
    const seen = await colleague.call('GET', `/users/current/orders/${resources.orderCode}`);
    assert.equal(seen.status, 200, JSON.stringify(seen.body));
    assert.equal(seen.body.code, resources.orderCode);
    assert.deepEqual(seen.body.shipTo && (seen.body.shipTo as { code: string }).code, VICTIM.shipTo);
    assert.deepEqual(seen.body.placedBy, { name: 'Morgan Hale' });
    assert.equal(seen.body.placedByYou, false);
    assert.equal(seen.body.amendable, false, 'only the placer may change it');
    assert.equal((await colleague.call('GET', `/users/current/orders/${resources.orderCode}/invoices`)).status, 200);
    assert.equal((await colleague.call('PUT', `/users/current/orders/${resources.orderCode}`, { body: { entries: [{ product: { code: '100001' }, quantity: 1 }] } })).status, 404);
    assert.equal((await colleague.call('POST', `/users/current/orders/${resources.orderCode}/cancel`)).status, 404);
    assert.equal(await snapshot(), before);

    const elsewhere = await shopper(server, { username: VICTIM.username, shipTo: '0000410004', salesOrg: 'CHIL' });
    const own = await elsewhere.call('GET', `/users/current/orders/${resources.orderCode}`);
    assert.equal(own.status, 200);
    assert.equal(own.body.placedByYou, true);
    assert.equal(own.body.amendable, true);
  });

  it('the owner gets 404 too once the ship-to is no longer theirs', async () => {
    const [multi] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, VICTIM.username));
    assert.ok(multi);
    const where = and(eq(userShipTos.userId, multi.id), eq(userShipTos.shipToCode, VICTIM.shipTo));
    const [held] = await server.database.db.select().from(userShipTos).where(where);
    assert.ok(held);
    await server.database.db.delete(userShipTos).where(where);
    try {
      const before = await snapshot();
      for (const route of routes) {
        for (const cartCode of route.path.includes(':') ? resources.cartCodes : [resources.cartCodes[0] as string]) {
          await expect404(victim, route, fill(route, cartCode, resources.orderCode), `shipTo=${VICTIM.shipTo}&salesOrg=DAIR&cartId=${cartCode}`);
        }
      }
      assert.equal(await snapshot(), before);
    } finally {
      await server.database.db.insert(userShipTos).values(held);
    }
    const back = await victim.call('GET', `/users/current/carts/${resources.cartCodes[0]}`);
    assert.equal(back.status, 200);
  });
});
