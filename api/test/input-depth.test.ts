import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MAX_INPUT_DEPTH, inputFlaw } from '../src/http/nul-bytes';
import { operatorToken } from './support/admin-client';
import { shopper, SOLO, type Shopper } from './support/cart-helpers';
import { basicAuth } from './support/oauth-client';
import { BASE, startTestServer, type TestServer } from './support/test-server';

/** `{"a":{"a":…1…}}` nested `depth` deep, as text: building it as an object would need the recursion under test. */
const nestedJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const nestedArrayJson = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
/** `a[a][a]…=1`, the bracket form some query parsers turn into nested objects. */
const nestedForm = (depth: number) => `a${'%5Ba%5D'.repeat(depth)}=1`;

describe('deeply nested input answers 400 (or is taken as flat text), never a 5xx', () => {
  let server: TestServer;
  let solo: Shopper;
  let cartCode: string;
  let adminToken: string;

  before(async () => {
    server = await startTestServer();
    solo = await shopper(server, SOLO);
    cartCode = (await solo.call('POST', '/users/current/carts')).body.code as string;
    adminToken = await operatorToken(server);
  });
  after(() => server.close());

  const sendJson = (path: string, method: string, text: string, token: string) =>
    server.request(path, { method, token, headers: { 'content-type': 'application/json' }, body: text });

  it('refuses JSON nested 5,000 deep in cart, bulk-add and back-office bodies with a 400 that says why', async () => {
    const scope = `shipTo=${SOLO.shipTo}&salesOrg=${SOLO.salesOrg}`;
    const probes: [string, string, string][] = [
      ['POST', `${BASE}/users/current/carts/${cartCode}/entries?${scope}`, solo.token],
      ['PUT', `${BASE}/users/current/carts/${cartCode}?${scope}`, solo.token],
      ['POST', `${BASE}/users/current/carts/${cartCode}/entries/bulk?${scope}`, solo.token],
      ['PUT', `/admin/v1/products/no-such-product/active`, adminToken],
    ];
    for (const [method, path, token] of probes) {
      for (const text of [nestedJson(5000), nestedArrayJson(5000)]) {
        const response = await sendJson(path, method, text, token);
        const body = (await response.json()) as { errors?: { type: string; message: string; subject?: string }[] };
        assert.equal(response.status, 400, `${method} ${path}: ${JSON.stringify(body).slice(0, 200)}`);
        assert.equal(body.errors?.[0]?.type, 'ValidationError');
        assert.match(body.errors?.[0]?.message ?? '', new RegExp(`nested more than ${MAX_INPUT_DEPTH} levels deep`));
      }
    }
  });

  it('takes a client error report nested 5,000 deep without a 5xx (its schema strips NUL bytes itself)', async () => {
    const response = await sendJson(`${BASE}/logging`, 'POST', nestedJson(5000), solo.token);
    assert.ok(response.status < 500, `answered ${response.status}`);
  });

  it('answers no 5xx to query strings and form bodies with brackets 5,000 deep', async () => {
    const query = await server.request(`${BASE}/users/current/carts?${nestedForm(5000)}&shipTo=${SOLO.shipTo}&salesOrg=${SOLO.salesOrg}`, { token: solo.token });
    assert.ok(query.status < 500, `query answered ${query.status}`);
    const form = await server.request('/authorizationserver/oauth/token', {
      method: 'POST',
      headers: { authorization: basicAuth(), 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=password&username=solo%40example.com&password=x&${nestedForm(5000)}`,
    });
    assert.ok(form.status < 500, `form answered ${form.status}`);
  });

  it('finds a NUL byte or too deep a nesting without recursion, and lets anything shallower through', () => {
    assert.deepEqual(inputFlaw(JSON.parse(nestedJson(5000))), { kind: 'tooDeep', path: Array(MAX_INPUT_DEPTH).fill('a').join('.') });
    assert.equal(inputFlaw(JSON.parse(nestedJson(MAX_INPUT_DEPTH))), undefined);
    assert.deepEqual(inputFlaw({ lines: [{ code: 'ok' }, { code: 'a\u0000' }] }), { kind: 'nulByte', path: 'lines.1.code' });
    assert.deepEqual(inputFlaw({ first: 'ok', ['k\u0000']: 1 }), { kind: 'nulByte', path: 'k\u0000' });
    assert.deepEqual(inputFlaw('x\u0000'), { kind: 'nulByte', path: '' });
  });
});
