import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { SIGN_IN_LOCK } from '../src/auth/sign-in-limits';
import { createOperator, operatorToken } from './support/admin-client';
import { MULTI_DAIR, SOLO, sellableProducts, shopper, type Shopper } from './support/cart-helpers';
import { startTestServer, type TestServer } from './support/test-server';

interface OrderBody {
  code: string;
  placedBy: string;
  shipTo: { code: string };
  salesOrg: string;
  entries: { product: { code: string }; quantity: number }[];
}

describe('back office: orders, customers, products and the audit log', () => {
  let server: TestServer;
  let admin: string;
  let service: string;
  before(async () => {
    server = await startTestServer();
    admin = await operatorToken(server);
    service = await operatorToken(server, await createOperator(server, 'customerService'));
  });
  after(() => server.close());

  const call = async (method: string, path: string, token = admin, body?: unknown) => {
    const response = await server.request(`/admin/v1${path}`, { method, token, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & { errors?: { subject?: string; message: string }[] } };
  };

  const placeOrder = async (who: Shopper, code: string, quantity: number) => {
    await who.call('DELETE', '/users/current/carts/active');
    await who.call('POST', '/users/current/carts');
    assert.equal((await who.call('POST', '/users/current/carts/active/entries', { body: { product: { code }, quantity } })).status, 200);
    const dates = (await who.call('GET', '/users/current/deliverydates')).body.deliveryDates as { date: string }[];
    await who.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: dates[0]?.date } });
    const placed = await who.call('POST', '/users/current/orders?cartId=active', { headers: { 'idempotency-key': randomUUID() } });
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    return placed.body as unknown as OrderBody;
  };

  it('lists every customer’s orders, filtered by ship-to, range and day, and opens one with its lines', async () => {
    const [dairy] = await sellableProducts(server, 'DAIR', 1);
    const solo = await placeOrder(await shopper(server, SOLO), dairy ?? '', 2);
    const multi = await placeOrder(await shopper(server, MULTI_DAIR), dairy ?? '', 1);
    const all = await call('GET', '/orders');
    const codes = (all.body.orders as OrderBody[]).map((order) => order.code);
    assert.ok(codes.includes(solo.code) && codes.includes(multi.code));
    const bySoloShipTo = await call('GET', `/orders?shipTo=${SOLO.shipTo}&range=DAIR`);
    assert.deepEqual((bySoloShipTo.body.orders as OrderBody[]).map((order) => order.code), [solo.code]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const placedToday = ((await call('GET', `/orders?from=${today}&to=${today}`)).body.orders as OrderBody[]).map((order) => order.code);
    assert.ok(placedToday.includes(solo.code) && placedToday.includes(multi.code));
    assert.equal(((await call('GET', '/orders?to=2000-01-01')).body.orders as OrderBody[]).length, 0);
    const one = await call('GET', `/orders/${solo.code}`, service);
    assert.equal(one.status, 200);
    const detail = one.body as unknown as OrderBody;
    assert.deepEqual([detail.placedBy, detail.entries[0]?.quantity], ['solo@example.com', 2]);
    assert.equal((await call('GET', '/orders/MV-999999')).status, 404);
    const bad = await call('GET', '/orders?from=yesterday');
    assert.deepEqual([bad.status, bad.body.errors?.[0]?.subject], [400, 'from']);
  });

  it('finds a customer by name or by a ship-to\'s postcode, typed with or without its space', async () => {
    const codes = async (q: string) => ((await call('GET', `/customers?q=${encodeURIComponent(q)}`)).body.soldTos as { code: string }[]).map((soldTo) => soldTo.code);
    assert.deepEqual(await codes('YO21 1DH'), ['0000100001']);
    assert.deepEqual(await codes('yo211dh'), ['0000100001']);
    assert.deepEqual(await codes('DL1 1RN'), ['0000100002']);
    assert.ok((await codes('Harbour')).includes('0000100001'));
  });

  it('lists sold-tos with ship-tos (ranges, days, cut-off) and users; finds by e-mail', async () => {
    const found = await call('GET', '/customers?q=multi@example');
    const soldTos = found.body.soldTos as { code: string; shipTos: { code: string; cutoffTime: string; ranges: unknown[] }[]; users: { username: string }[] }[];
    assert.deepEqual(soldTos.map((soldTo) => soldTo.code).sort(), ['0000100001', '0000100002']);
    const harbour = soldTos.find((soldTo) => soldTo.code === '0000100001');
    assert.deepEqual(harbour?.shipTos.find((shipTo) => shipTo.code === '0000410002')?.ranges, [
      { code: 'CHIL', deliveryWeekdays: [1, 3, 5], minimumOrder: null },
      { code: 'DAIR', deliveryWeekdays: [2, 4, 6], minimumOrder: null },
    ]);
    assert.ok(harbour?.users.some((user) => user.username === 'multi@example.com'));
    const first = await call('GET', '/customers');
    assert.ok((first.body.unconfiguredUsers as { username: string }[]).some((user) => user.username === 'unconfigured@example.com'));
  });

  it('disables a user (who then cannot sign in, and whose token stops working), enables and unlocks; each audited', async () => {
    const token = await server.tokenFor('solo@example.com');
    const disabled = await call('POST', '/users/solo@example.com/disable', service);
    assert.deepEqual([disabled.status, disabled.body.status], [200, 'disabled']);
    await assert.rejects(server.tokenFor('solo@example.com'), /User is disabled/);
    assert.equal((await server.request('/occ/v2/b2b/users/current', { token })).status, 401);
    assert.equal((await call('POST', '/users/solo@example.com/disable', service)).status, 409);
    assert.equal((await call('POST', '/users/solo@example.com/enable', service)).status, 200);
    assert.ok(await server.tokenFor('solo@example.com'));

    for (let attempt = 1; attempt <= SIGN_IN_LOCK.perAccountAndAddress; attempt++) {
      await assert.rejects(server.tokenFor('multi@example.com', `wrong-${attempt}`), /Bad credentials/);
    }
    await assert.rejects(server.tokenFor('multi@example.com'), /Account Locked/);
    const listed = await call('GET', '/customers?q=multi@example.com');
    const people = (listed.body.soldTos as { users: { username: string; locked: boolean }[] }[]).flatMap((soldTo) => soldTo.users);
    assert.ok(people.some((person) => person.username === 'multi@example.com' && person.locked), 'the customers page shows the lock');
    assert.equal((await call('POST', '/users/multi@example.com/unlock', service)).status, 200);
    assert.ok(await server.tokenFor('multi@example.com'));

    assert.equal((await call('POST', '/users/nobody@example.com/disable')).status, 404);
    assert.equal((await call('POST', '/users/solo@example.com/explode')).status, 400);

    const audit = await call('GET', '/audit?action=user.');
    const entries = audit.body.entries as { action: string; subject: string; operator: string; before: { status: string }; after: { status: string } }[];
    const disable = entries.find((entry) => entry.action === 'user.disable' && entry.subject === 'user:solo@example.com');
    assert.deepEqual(disable && [disable.before.status, disable.after.status], ['active', 'disabled']);
    assert.match(disable?.operator ?? '', /^customerservice-/);
    assert.ok(entries.some((entry) => entry.action === 'user.unlock'));
    assert.equal(((await call('GET', '/audit?to=2000-01-01')).body.entries as unknown[]).length, 0);
    const badDay = await call('GET', '/audit?from=2026-02-30');
    assert.deepEqual([badDay.status, badDay.body.errors?.[0]?.subject], [400, 'from']);
  });

  it('finds products sold or not, shows each sold-to’s price, and only admins (de)activate them; reorder reports a deactivated one', async () => {
    const [, code] = await sellableProducts(server, 'DAIR', 2);
    const solo = await shopper(server, SOLO);
    const earlier = await placeOrder(solo, code ?? '', 1);
    const byCode = await call('GET', `/products?q=${code}`);
    assert.deepEqual((byCode.body.products as { code: string }[]).map((product) => product.code), [code]);
    const byText = await call('GET', '/products?q=butter&range=DAIR');
    assert.ok((byText.body.products as unknown[]).length > 0);

    const detail = await call('GET', `/products/${code}`, service);
    const prices = detail.body.prices as { soldTo: { code: string }; price: { valuePence: number } }[];
    assert.deepEqual(prices.map((price) => price.soldTo.code), ['0000100001', '0000100002', '0000100003', '0000100004', '0000100005', '0000100006']);

    assert.equal((await call('PUT', `/products/${code}/active`, service, { active: false })).status, 403);
    const off = await call('PUT', `/products/${code}/active`, admin, { active: false });
    assert.deepEqual([off.status, off.body.changed], [200, true]);
    const inactive = await call('GET', `/products?q=${code}&active=false`);
    assert.equal((inactive.body.products as { active: boolean }[])[0]?.active, false);
    const refused = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code }, quantity: 1 } });
    assert.match(refused.body.errors?.[0]?.message ?? '', /no longer sold/);
    const reordered = await solo.call('POST', `/users/current/orders/${earlier.code}/reorder`, { scoped: false });
    assert.deepEqual((reordered.body.notAdded as { productCode: string; reason: string }[]).map((line) => [line.productCode, line.reason]), [[code, 'productDiscontinued']]);
    assert.equal((await call('PUT', `/products/${code}/active`, admin, { active: true })).body.changed, true);
    const badBody = await call('PUT', `/products/${code}/active`, admin, { active: 'yes' });
    assert.deepEqual([badBody.status, badBody.body.errors?.[0]?.subject], [400, 'active']);

    const audit = await call('GET', `/audit?subject=product:${code}`);
    assert.deepEqual((audit.body.entries as { action: string }[]).map((entry) => entry.action), ['product.activate', 'product.deactivate']);
  });

  it('refuses customer and storefront tokens on every back-office page route', async () => {
    const customer = await server.tokenFor('multi@example.com');
    const client = await server.clientToken();
    for (const path of ['/orders', '/customers', '/products', '/audit', '/imports', '/imports/kinds']) {
      assert.equal((await call('GET', path, customer)).status, 403, path);
      assert.equal((await call('GET', path, client)).status, 403, path);
    }
    assert.equal((await call('POST', '/users/solo@example.com/disable', customer)).status, 403);
  });
});
