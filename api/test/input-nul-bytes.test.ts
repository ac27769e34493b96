// test:api:embedded: NUL bytes reach no SQL on either engine.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sellableProducts, shopper, SOLO, type Shopper } from './support/cart-helpers';
import { oauthPost, passwordForm } from './support/oauth-client';
import { startTestServer, TEST_CLIENT, type TestServer } from './support/test-server';

const NUL = '\u0000';

/** A field of some route and where its value goes, with a NUL byte in it. */
interface Probe {
  name: string;
  field: string;
  send: () => Promise<{ status: number; body: { errors?: { subject?: string }[] } }>;
}

describe('a NUL byte in any input answers 400 naming the field, never a 500 from PostgreSQL', () => {
  let server: TestServer;
  let solo: Shopper;
  let cartCode: string;
  let productCode: string;

  before(async () => {
    server = await startTestServer();
    solo = await shopper(server, SOLO);
    [productCode = ''] = await sellableProducts(server, 'DAIR', 1);
    cartCode = (await solo.call('POST', '/users/current/carts')).body.code as string;
    await solo.call('POST', `/users/current/carts/${cartCode}/entries`, { body: { product: { code: productCode }, quantity: 1 } });
  });
  after(() => server.close());

  const badShipTo = `shipTo=0000410001${encodeURIComponent(NUL)}&salesOrg=DAIR`;
  const probes = (): Probe[] => [
    ...[
      ['POST', '/users/current/carts'],
      ['GET', '/users/current/carts'],
      ['GET', '/users/current/carts/active'],
      ['GET', '/users/current/deliverydates'],
      ['GET', '/users/current/orders'],
      ['GET', '/products/search'],
    ].map(([method = '', path = '']) => ({
      name: `shipTo on ${method} ${path}`,
      field: 'shipTo',
      send: () => solo.call(method, `${path}?${badShipTo}`, { scoped: false }),
    })),
    { name: 'saveCartName', field: 'saveCartName', send: () => solo.call('PATCH', `/users/current/carts/${cartCode}/save?saveCartName=a%00b`) },
    { name: 'saveCartDescription', field: 'saveCartDescription', send: () => solo.call('PATCH', `/users/current/carts/${cartCode}/save?saveCartDescription=%00`) },
    {
      name: 'product.code',
      field: 'product.code',
      send: () => solo.call('POST', `/users/current/carts/${cartCode}/entries`, { body: { product: { code: `${productCode}${NUL}` }, quantity: 1 } }),
    },
    { name: 'purchaseOrderNumber', field: 'purchaseOrderNumber', send: () => solo.call('PUT', `/users/current/carts/${cartCode}`, { body: { purchaseOrderNumber: `PO${NUL}1` } }) },
    { name: 'deliveryInstructions', field: 'deliveryInstructions', send: () => solo.call('PUT', `/users/current/carts/${cartCode}`, { body: { deliveryInstructions: `Back door${NUL}` } }) },
    { name: 'product code in the path', field: 'code', send: () => solo.call('GET', `/products/${productCode}%00`, { scoped: false }) },
    { name: 'cartId in the path', field: 'cartId', send: () => solo.call('GET', `/users/current/carts/abc%00`) },
    { name: 'search text', field: 'query', send: () => solo.call('GET', `/products/search?salesOrg=DAIR&query=milk%00`, { scoped: false }) },
    { name: 'suggestion term', field: 'term', send: () => solo.call('GET', `/products/suggestions?term=mil%00k`, { scoped: false }) },
    {
      name: 'checkout cartId',
      field: 'cartId',
      send: () => solo.call('POST', `/users/current/orders?cartId=${cartCode}%00`, { headers: { 'idempotency-key': randomUUID() } }),
    },
    { name: 'a key of a body object', field: `product.co${NUL}de`, send: () => solo.call('POST', `/users/current/carts/${cartCode}/entries`, { body: { product: { [`co${NUL}de`]: productCode }, quantity: 1 } }) },
  ];

  it('answers 400 with the field as subject on every route and input', async () => {
    const failures: string[] = [];
    for (const probe of probes()) {
      const { status, body } = await probe.send();
      if (status !== 400 || body.errors?.[0]?.subject !== probe.field) failures.push(`${probe.name}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
    }
    assert.deepEqual(failures, []);
  });

  it('refuses a NUL in the username with invalid_request, naming the field', async () => {
    const response = await oauthPost(server.url, 'token', passwordForm(`solo@example.com${NUL}`, 'whatever-1'));
    assert.equal(response.status, 400);
    assert.equal(response.body.error, 'invalid_request');
    assert.match(String(response.body.error_description), /username/);
  });

  it('refuses a NUL in the refresh token and in the token to revoke with invalid_request', async () => {
    const refresh = await oauthPost(server.url, 'token', { grant_type: 'refresh_token', refresh_token: `abc${NUL}` });
    assert.deepEqual([refresh.status, refresh.body.error], [400, 'invalid_request']);
    const revoke = await oauthPost(server.url, 'revoke', { token: `abc${NUL}` });
    assert.deepEqual([revoke.status, revoke.body.error], [400, 'invalid_request']);
  });

  for (const endpoint of ['token', 'revoke'] as const) {
    it(`answers invalid_client (401) on the ${endpoint} endpoint for a NUL in the client id or a malformed %-encoding`, async () => {
      const form: Record<string, string> = endpoint === 'token' ? { grant_type: 'client_credentials' } : { token: 'abc' };
      for (const client of [
        { id: `store${NUL}front`, secret: TEST_CLIENT.secret },
        { id: 'store%00front', secret: TEST_CLIENT.secret },
        { id: 'storefront%', secret: TEST_CLIENT.secret },
        { id: 'storefront', secret: `${TEST_CLIENT.secret}%E0%A4%A` },
        { id: '%zz', secret: '%' },
      ]) {
        const response = await oauthPost(server.url, endpoint, form, { client });
        assert.equal(response.status, 401, `${JSON.stringify(client)}: ${response.status} ${JSON.stringify(response.body)}`);
        assert.equal(response.body.error, 'invalid_client');
      }
    });
  }

  it('still signs in and changes the cart with clean input (the refusal is only for NUL)', async () => {
    const signIn = await oauthPost(server.url, 'token', passwordForm(SOLO.username, 'Meadowvale-demo-1'));
    assert.equal(signIn.status, 200);
    const saved = await solo.call('PUT', `/users/current/carts/${cartCode}`, { body: { purchaseOrderNumber: 'PO 1', deliveryInstructions: 'Back door' } });
    assert.equal(saved.status, 200);
    assert.equal(saved.body.purchaseOrderNumber, 'PO 1');
  });
});
